import { registerCatalogs } from '@rastro/shared';
import type { TranslationCatalog } from '@rastro/shared';
import { formEnUS } from './locales/en-US';
import { formEs } from './locales/es';
import { formPtBR } from './locales/pt-BR';

export type FormCatalog = TranslationCatalog<typeof formPtBR>;

/** The declared form's own strings (its checks' messages), under `admin.form.`, for every screen that draws one. */
export function registerFormCatalogs(): void {
  registerCatalogs({ 'pt-BR': formPtBR, es: formEs, 'en-US': formEnUS }, (catalog) => ({ admin: { form: catalog } }));
}
