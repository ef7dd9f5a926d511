import type { HttpClient } from '@rastro/shared';
import { z } from 'zod';
import type { EntityDefinition, EntityPayload } from './entityDefinition';

/** SPEC §5: saving creates when the id is missing or 0, and updates otherwise. */
export function isNewEntity(entity: { id?: number | null }): boolean {
  return !entity.id;
}

export interface EntityApi<Entity extends { id: number }> {
  list(query?: Record<string, string | number | boolean>): Promise<Entity[]>;
  save(payload: EntityPayload<Entity>): Promise<Entity>;
  remove(id: number): Promise<void>;
}

/** The tracking API's usual CRUD calls (SPEC §7) for one entity: GET list, POST, PUT /{id}, DELETE /{id}. */
export function createEntityApi<Entity extends { id: number }>(
  definition: Pick<EntityDefinition<Entity, never>, 'apiPath' | 'schema'>,
  http: HttpClient,
): EntityApi<Entity> {
  const { apiPath, schema } = definition;
  return {
    list: async (query) => z.array(schema).parse(await http.json(apiPath, { query })),
    save: async (payload) => {
      if (isNewEntity(payload)) {
        // Traccar assigns the id; a stray 0 must not reach it as a real value.
        const { id: _ignored, ...created } = payload;
        return schema.parse(await http.json(apiPath, { method: 'POST', json: created }));
      }
      return schema.parse(await http.json(`${apiPath}/${payload.id}`, { method: 'PUT', json: payload }));
    },
    remove: async (id) => {
      await http.request(`${apiPath}/${id}`, { method: 'DELETE' });
    },
  };
}
