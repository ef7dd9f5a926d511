/** SPEC §1/§9: the product version shown in the menu. */
export const RASTRO_VERSION = '1.14.0';
