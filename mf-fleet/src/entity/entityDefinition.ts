import type { PermissionArea, User } from '@rastro/shared';
import type { ComponentType, ReactNode } from 'react';
import type { FieldValues, Path } from 'react-hook-form';
import type { z } from 'zod';

/** Areas whose advanced permissions include create/edit/delete (reports and reseller do not). */
export type EditableArea = Exclude<PermissionArea, 'reports' | 'reseller'>;

export type FieldKind = 'text' | 'textarea' | 'number' | 'select' | 'color' | 'date' | 'checkbox' | 'multiselect' | 'sound' | 'password' | 'custom';

/** What a field may know of the form it sits in: the entity being edited (null while creating) and who edits it. */
export interface FieldContext {
  entityId: number | null;
  /** The signed-in user (null before the session is known). */
  editor?: User | null;
}

export interface FieldOption {
  value: string;
  /** i18n key of the option's label; `label` is used as is (names from the server). */
  labelKey?: string;
  label?: string;
}

export interface EntityField<Values extends FieldValues> {
  name: Path<Values>;
  labelKey: string;
  kind: FieldKind;
  /** i18n key of the section the field sits in; fields without one come first. */
  sectionKey?: string;
  /**
   * Options of a select or multi-select; a function when they come from the stores (groups…) or
   * depend on the form (command types of the chosen device). The function is called on every render
   * of its field, always, so it may use hooks.
   */
  options?: readonly FieldOption[] | ((context: FieldContext) => readonly FieldOption[]);
  /** Suggestions offered under a text field (attribute names); a function called like `options`. */
  hints?: () => readonly string[];
  /** Shown only when this holds for the form's current values (a type's own attributes). */
  visible?: (values: Values) => boolean;
  /** Something drawn next to the field for its current value (a category's icon). */
  preview?: (value: unknown) => ReactNode;
  /** Whether this editor may change the field (a privileged setting of a user); always when absent. Shown read-only otherwise. */
  editable?: (context: FieldContext) => boolean;
  /** Draws a `custom` field (a schedule, a shape on the map): it reads and writes the form through react-hook-form's context. */
  render?: (context: FieldContext & { disabled: boolean }) => ReactNode;
}

export interface EntityColumn<Entity> {
  id: string;
  labelKey: string;
  value(entity: Entity): ReactNode;
  /** The column as plain text, for the list's search and sort; without it a text or number value is used. */
  text?(entity: Entity): string;
}

/**
 * One declarative description per fleet entity: the generic list, form and API client read
 * everything from here, so a new screen (groups, drivers, calendars…) is one of these plus strings.
 * Form values are what the inputs hold (numbers as text); `toPayload` turns them into the entity.
 */
export interface EntityDefinition<Entity extends { id: number }, Values extends FieldValues> {
  /** Used for test ids and as the i18n prefix of the entity's own strings. */
  key: string;
  /** Path under /api, e.g. "/devices". */
  apiPath: string;
  permissionArea: EditableArea;
  schema: z.ZodType<Entity>;
  /** Validation of the form's values; its messages are i18n keys. */
  formSchema: z.ZodType<Values, Values>;
  title(entity: Entity): string;
  columns: readonly EntityColumn<Entity>[];
  fields: readonly EntityField<Values>[];
  toFormValues(entity: Entity | null): Values;
  /** What is sent: `id` absent or 0 creates (SPEC §5). */
  toPayload(values: Values, original: Entity | null): EntityPayload<Entity>;
  /**
   * After the entity itself is saved: what lives beside it (its links to devices). A failure is
   * shown as a failed save; the form then edits the saved entity, so saving again finishes the job.
   */
  afterSave?(saved: Entity, values: Values): Promise<void>;
  /** Drawn under the fields, inside the form (a "send test" button): it may read the form's values. */
  FormExtras?: ComponentType<{ entity: Entity | null }>;
  /** Fallback messages when the server's error has no translation of its own. */
  saveErrorKey: string;
  deleteErrorKey: string;
  /** A tree (groups): the list shows children under their parent while no sort or search is chosen. */
  parentOf?(entity: Entity): number;
  /** Why this entity may not be changed on this screen (an anchor geofence: managed from its device; a higher administrator), as an i18n key; null when it may. */
  lockedReason?(entity: Entity, editor?: User | null): string | null;
  /** Why this editor may not delete the entity (its own account), as an i18n key shown instead of asking the server; null when it may. */
  deleteRefusal?(entity: Entity, editor?: User | null): string | null;
  /** Whether a stored entity is shown in the list at all (shared-link users are not). */
  listed?(entity: Entity): boolean;
}

export type EntityPayload<Entity extends { id: number }> = Omit<Entity, 'id'> & { id?: number };
