/** A report the OsmAnd port cannot take: answered 400, nothing stored. */
export class OsmandRequestError extends Error {}
