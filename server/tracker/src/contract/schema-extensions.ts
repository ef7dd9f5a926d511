import type { JsonSchema, OpenApiDocument } from './openapi-document';

/**
 * THE one place where the contract tests depart from Traccar's OpenAPI file, each for a reason
 * written next to it. Everything else is checked exactly as the file says.
 *
 * - The file's object schemas allow any extra key; here they are closed, so a field the tracker
 *   invents fails the contract unless it is declared below.
 * - `extraProperties`: fields Traccar sends that the file lacks (documented in TRACCAR.md).
 * - `nullable`: fields Traccar sends as null when unset although the file types them non-null
 *   (Jackson writes nulls; the file only marks some of them).
 */
interface SchemaExtension {
  extraProperties?: Record<string, JsonSchema>;
  nullable?: readonly string[];
}

const integer: JsonSchema = { type: 'integer' };
const boolean: JsonSchema = { type: 'boolean' };
const dateTime: JsonSchema = { type: 'string', format: 'date-time' };
const dateTimeOrNull: JsonSchema = { type: ['string', 'null'], format: 'date-time' };

const number: JsonSchema = { type: 'number' };
const integerOrNull: JsonSchema = { type: ['integer', 'null'] };

/** Start/end counters every Traccar report item carries (TRACCAR.md, Reports). */
const REPORT_ODOMETERS = { startOdometer: number, endOdometer: number };

export const SCHEMA_EXTENSIONS: Readonly<Record<string, SchemaExtension>> = {
  // TRACCAR.md, Entities: Device has expirationTime and calendarId.
  Device: { extraProperties: { expirationTime: dateTimeOrNull, calendarId: integer } },
  // A fix without reverse geocoding, cell data or geofences has these null.
  Position: { nullable: ['address', 'network', 'geofenceIds'] },
  // TRACCAR.md, Entities: User has login and disableReports; Traccar's User model also writes
  // totpKey (null without two-factor) and temporary.
  User: { extraProperties: { login: { type: ['string', 'null'] }, disableReports: boolean, totpKey: { type: ['string', 'null'] }, temporary: boolean } },
  // TRACCAR.md, Entities: Server has twelveHourFormat and disableReports; Traccar's Server model
  // also writes fixedEmail and overlayUrl. Unset texts are null.
  Server: {
    extraProperties: { twelveHourFormat: boolean, disableReports: boolean, fixedEmail: boolean, overlayUrl: { type: ['string', 'null'] } },
    nullable: ['map', 'mapUrl', 'bingKey', 'poiLayer', 'announcement', 'coordinateFormat'],
  },
  Geofence: { nullable: ['description'] },
  Command: { nullable: ['description'] },
  // TRACCAR.md, Entities: computed attributes have a priority.
  Attribute: { extraProperties: { priority: integer } },
  // TRACCAR.md, Reports: summary rows carry the first and last fix's time and counters
  // (Traccar's SummaryReportItem also the engine hours at both ends).
  ReportSummary: { extraProperties: { ...REPORT_ODOMETERS, startTime: dateTime, endTime: dateTime, startHours: integer, endHours: integer } },
  // TRACCAR.md, Reports: trips add start/end position ids; addresses and drivers may be unknown.
  ReportTrips: {
    extraProperties: { ...REPORT_ODOMETERS, startPositionId: integer, endPositionId: integer },
    nullable: ['startAddress', 'endAddress', 'driverUniqueId', 'driverName'],
  },
  // TRACCAR.md, Reports: stops carry positionId, latitude, longitude (the file says lat/lon) and
  // the common distance and speed columns.
  ReportStops: {
    extraProperties: { ...REPORT_ODOMETERS, positionId: integerOrNull, latitude: number, longitude: number, distance: number, averageSpeed: number, maxSpeed: number },
    nullable: ['address'],
  },
};

/**
 * The websocket, which the file does not describe (TRACCAR.md, Websocket): each message has one
 * key — `positions`, `devices` or `events`, a list of the file's Position, Device or Event — or
 * none at all (the keep-alive `{}`); events on the web channel carry `attributes.message`.
 * `$ref`s point into the document registered under `documentId`.
 */
export function socketMessageSchema(documentId: string): JsonSchema {
  const component = (name: string) => ({ $ref: `${documentId}#/components/schemas/${name}` });
  const listOf = (key: string, items: JsonSchema): JsonSchema => ({
    type: 'object',
    required: [key],
    additionalProperties: false,
    properties: { [key]: { type: 'array', items } },
  });
  const webEvent: JsonSchema = {
    allOf: [component('Event'), { type: 'object', required: ['attributes'], properties: { attributes: { type: 'object', required: ['message'], properties: { message: { type: 'string', minLength: 1 } } } } }],
  };
  return {
    oneOf: [listOf('positions', component('Position')), listOf('devices', component('Device')), listOf('events', webEvent), { type: 'object', maxProperties: 0 }],
  };
}

/** Component schemas left open: maps whose keys depend on the request. */
const OPEN_SCHEMAS = new Set(['Permission']);

const text: JsonSchema = { type: 'string' };
const textOrNull: JsonSchema = { type: ['string', 'null'] };
const component = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
const ok = (mediaType: string, schema: JsonSchema) => ({ description: 'OK', content: { [mediaType]: { schema } } });
const okJson = (schema: JsonSchema) => ok('application/json', schema);
const NO_CONTENT = { '204': { description: 'No Content', content: {} } };

/**
 * Components the file lacks. Traccar's scheduled reports (its Report model: ScheduledModel's
 * calendarId, a type, a description) are served at /api/reports by its ReportResource, which the
 * file documents only for the report runs.
 */
const EXTRA_COMPONENTS: Readonly<Record<string, JsonSchema>> = {
  Report: {
    type: 'object',
    properties: { id: integer, type: text, description: textOrNull, calendarId: integer, attributes: { type: 'object', properties: {} } },
  },
};

/**
 * Operations the file lacks, each served by Traccar 6.14.5: the scheduled reports' CRUD (its
 * ReportResource, a SimpleObjectResource of Report) and the KMZ route export beside KML.
 */
const EXTRA_PATHS: OpenApiDocument['paths'] = {
  '/reports': {
    get: { responses: { '200': okJson({ type: 'array', items: component('Report') }) } },
    post: { responses: { '200': okJson(component('Report')) } },
  },
  '/reports/{id}': {
    get: { responses: { '200': okJson(component('Report')) } },
    put: { responses: { '200': okJson(component('Report')) } },
    delete: { responses: NO_CONTENT },
  },
  '/positions/kmz': { get: { responses: { '200': ok('application/vnd.google-earth.kmz', { type: 'string', format: 'binary' }) } } },
};

/** A copy of the document with the extensions applied and every object component closed. */
export function withDocumentedExtras(document: OpenApiDocument): OpenApiDocument {
  const copy = structuredClone(document);
  for (const [name, schema] of Object.entries(EXTRA_COMPONENTS)) {
    if (copy.components.schemas[name]) throw new Error(`schema extension: ${name} is in the file now`);
    copy.components.schemas[name] = structuredClone(schema);
  }
  for (const [template, operations] of Object.entries(EXTRA_PATHS)) {
    for (const [method, operation] of Object.entries(operations)) {
      const path = (copy.paths[template] ??= {});
      if (path[method as keyof typeof path]) throw new Error(`schema extension: ${method} ${template} is in the file now`);
      Object.assign(path, { [method]: structuredClone(operation) });
    }
  }
  for (const [name, schema] of Object.entries(copy.components.schemas)) {
    const properties = schema.properties as Record<string, JsonSchema> | undefined;
    if (schema.type !== 'object' || !properties) continue;
    const extension = SCHEMA_EXTENSIONS[name] ?? {};
    Object.assign(properties, extension.extraProperties);
    for (const field of extension.nullable ?? []) {
      const property = properties[field];
      if (!property) throw new Error(`schema extension: ${name}.${field} is not a property to make nullable`);
      properties[field] = { anyOf: [property, { type: 'null' }] };
    }
    if (!OPEN_SCHEMAS.has(name)) schema.additionalProperties = false;
  }
  return copy;
}
