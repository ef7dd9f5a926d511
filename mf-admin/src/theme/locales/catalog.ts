import type { TranslationCatalog } from '@rastro/shared';
import type { themeEnUS } from './en-US';

/** The theme editor's strings, under `admin.theme.`: every language has every key (the type says so). */
export type ThemeCatalog = TranslationCatalog<typeof themeEnUS>;
