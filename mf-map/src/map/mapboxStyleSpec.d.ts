// mapbox-gl ships its style specification's validator beside the engine, as CommonJS without its own types.
declare module 'mapbox-gl/dist/style-spec/index.cjs' {
  export function validate(style: unknown): Array<{ message: string }>;
}
