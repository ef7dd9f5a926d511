import type { TranslationCatalog } from '@rastro/shared';
import type { resellersEnUS } from './en-US';

/** The resellers screen's strings, under `admin.resellers.`: every language has every key (the type says so). */
export type ResellersCatalog = TranslationCatalog<typeof resellersEnUS>;
