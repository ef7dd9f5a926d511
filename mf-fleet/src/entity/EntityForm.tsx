import { Button, errorMessage, Heading, HStack, Stack, useSessionStore } from '@rastro/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '@rastro/shared';
import type { EntityApi } from './entityApi';
import type { EntityDefinition } from './entityDefinition';
import { FormField } from './FormField';
import { Notice } from './Notice';
import type { NoticeMessage } from './Notice';

export interface EntityFormProps<Entity extends { id: number }, Values extends FieldValues> {
  definition: EntityDefinition<Entity, Values>;
  /** null for a new entity. */
  entity: Entity | null;
  api: Pick<EntityApi<Entity>, 'save' | 'remove'>;
  canSave: boolean;
  canDelete: boolean;
  /** Why saving is refused before asking the server (a limit reached); the form stays visible. */
  blockedMessage?: string | null;
  onSaved(entity: Entity, values: Values): void | Promise<void>;
  onDeleted?(entity: Entity): void;
  onCancel(): void;
  title: string;
}

/**
 * The one form of the fleet screens: fields and validation from the definition (react-hook-form +
 * zod), create-or-update by id, delete behind a confirmation, server refusals shown translated.
 */
export function EntityForm<Entity extends { id: number }, Values extends FieldValues>(props: EntityFormProps<Entity, Values>) {
  const { definition, entity, api, canSave, canDelete, blockedMessage, onSaved, onDeleted, onCancel, title } = props;
  const { t } = useTranslation();
  const form = useForm<Values>({ resolver: zodResolver(definition.formSchema), defaultValues: definition.toFormValues(entity) as never });
  const [notice, setNotice] = useState<NoticeMessage | null>(null);
  const { dialog, confirm } = useConfirm();
  // Once created, the entity is edited: a second save (say, after what follows the creation failed)
  // updates it instead of creating a duplicate, and it can be deleted.
  const [current, setCurrent] = useState<Entity | null>(entity);
  const editor = useSessionStore((state) => state.user);

  const submit = form.handleSubmit(async (values) => {
    setNotice(null);
    try {
      const saved = await api.save(definition.toPayload(values, current));
      setCurrent(saved);
      await definition.afterSave?.(saved, values);
      await onSaved(saved, values);
    } catch (error) {
      setNotice({ kind: 'error', text: errorMessage(error, definition.saveErrorKey) });
    }
  }, () => setNotice({ kind: 'error', text: t('fleet.entity.checkForm') }));

  const remove = async () => {
    if (!current) return;
    const refusal = definition.deleteRefusal?.(current, editor) ?? null;
    if (refusal) {
      setNotice({ kind: 'error', text: t(refusal) });
      return;
    }
    const name = definition.title(current);
    if (!(await confirm({ message: t('fleet.common.confirmDelete', { name }), confirmLabel: t('fleet.common.delete'), danger: true }))) return;
    try {
      await api.remove(current.id);
      onDeleted?.(current);
    } catch (error) {
      setNotice({ kind: 'error', text: errorMessage(error, definition.deleteErrorKey) });
    }
  };

  const sections = [...new Set(definition.fields.map((field) => field.sectionKey))];
  const lockedKey = current ? (definition.lockedReason?.(current, editor) ?? null) : null;
  const shownBlock = blockedMessage ?? (lockedKey ? t(lockedKey) : null);
  const readOnly = !canSave || Boolean(shownBlock);
  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate data-testid={`${definition.key}-form`} data-mode={current ? 'edit' : 'create'}>
      <Stack p="3" gap="3">
        <Heading size="md">{title}</Heading>
        {shownBlock && <Notice notice={{ kind: 'error', text: shownBlock }} />}
        {sections.map((section) => (
          <Stack key={section ?? 'main'} gap="2">
            {section && (
              <Heading size="sm" mt="2">
                {t(section)}
              </Heading>
            )}
            {definition.fields
              .filter((field) => field.sectionKey === section)
              .map((field) => (
                <FormField key={`${field.kind}:${field.name}`} field={field} disabled={readOnly} entityId={current?.id ?? null} editor={editor} />
              ))}
          </Stack>
        ))}
        {definition.FormExtras && <definition.FormExtras entity={current} />}
        <Notice notice={notice} />
        <HStack justify="space-between" position="sticky" bottom="0" bg="bg.panel" py="2">
          <HStack>
            {canSave && (
              <Button type="submit" colorPalette="blue" size="sm" disabled={readOnly} loading={form.formState.isSubmitting} data-testid="entity-save">
                {t('fleet.common.save')}
              </Button>
            )}
            <Button variant="outline" size="sm" onClick={onCancel}>
              {t('fleet.common.cancel')}
            </Button>
          </HStack>
          {current && canDelete && !lockedKey && (
            <Button variant="outline" colorPalette="red" size="sm" onClick={remove} data-testid="entity-delete">
              {t('fleet.common.delete')}
            </Button>
          )}
        </HStack>
      </Stack>
      </form>
      {dialog}
    </FormProvider>
  );
}
