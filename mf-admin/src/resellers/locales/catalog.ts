import type { Catalog } from '../../locales/catalog';
import type { resellersEnUS } from './en-US';

/** The resellers screen's strings, under `admin.resellers.`: every language has every key (the type says so). */
export type ResellersCatalog = Catalog<typeof resellersEnUS>;
