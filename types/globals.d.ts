// Constants the shared webpack factory defines at build time (build/src/index.cjs).
declare const __RASTRO_DEV_EMAIL__: string;
declare const __RASTRO_DEV_PASSWORD__: string;

// Stylesheets are bundled by webpack's css loaders; importing one has no value.
declare module '*.css';

// `?url` imports give the address of the emitted file (see the webpack factory).
declare module '*?url' {
  const url: string;
  export default url;
}
/** Shell build only: the installed version of every federation singleton (build/src/index.cjs). */
declare const __RASTRO_SINGLETON_VERSIONS__: Record<string, string>;
