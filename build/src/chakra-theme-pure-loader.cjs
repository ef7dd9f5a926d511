// Chakra's theme module builds its whole default config (the recipes of ~80 components) in a
// top-level call webpack must assume has side effects, so importing its tokens from
// '@chakra-ui/react/theme' would keep every recipe. That call is only `(config) => config`: marked
// pure, the unused config and the recipes only it names are dropped, and the design system keeps
// just the recipes shared/src/theme/system.ts names.
const CALL = 'const defaultThemeConfig = defineConfig(';

module.exports = function chakraThemePureLoader(source) {
  if (!source.includes(CALL)) {
    this.emitWarning(new Error(`chakra-theme-pure-loader: "${CALL}" not found; Chakra's theme changed, so every recipe ships again`));
    return source;
  }
  return source.replace(CALL, 'const defaultThemeConfig = /*#__PURE__*/ defineConfig(');
};
