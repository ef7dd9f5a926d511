import { rastroSystem } from '@rastro/shared';

/** The theme's CSS variable of a token (every domain's theme names its variables alike). */
const token = (kind: string, name: string) => rastroSystem.token.var(`${kind}.${name}`);

const palettes = ['green', 'red', 'blue', 'orange', 'purple'];

/**
 * The styles of every device row, as one static stylesheet. Rows are plain elements with these
 * class names rather than Chakra components, and the sheet is not a Chakra `css` prop either: a
 * keystroke or a scroll frame mounts a screenful of new rows and re-renders the list, and Chakra
 * resolving (and hashing) the styles of a dozen components per row was most of a keystroke's time
 * at 50,000 devices. The values are the theme's CSS variables, so rows still follow the theme.
 */
export const deviceRowStyleSheet = `
.device-row { padding: ${token('spacing', '2')} ${token('spacing', '3')}; height: 100%; border-bottom-width: 1px; cursor: pointer; display: flex; flex-direction: column; gap: ${token('spacing', '0.5')}; }
.device-row:hover { background: ${token('colors', 'bg.subtle')}; }
.device-row[aria-current=true] { background: ${token('colors', 'bg.info')}; }
.device-row:focus-visible { outline: 2px solid ${token('colors', 'blue.focusRing')}; outline-offset: -2px; }
.device-row-line { display: flex; justify-content: space-between; align-items: center; gap: ${token('spacing', '2')}; min-width: 0; }
.device-row-title { display: flex; align-items: center; gap: ${token('spacing', '1.5')}; min-width: 0; }
.device-row-name { font-weight: ${token('fontWeights', 'medium')}; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.device-row-meta { font-size: ${token('fontSizes', 'xs')}; color: ${token('colors', 'fg.muted')}; }
.device-row-meta > :first-child { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.device-row-states { display: flex; align-items: center; gap: ${token('spacing', '1')}; font-size: ${token('fontSizes', '2xs')}; overflow: hidden; white-space: nowrap; }
.device-row-pinned { color: ${token('colors', 'fg.muted')}; }
.device-badge { display: inline-flex; align-items: center; border-radius: ${token('radii', 'l2')}; padding: 0 ${token('spacing', '1.5')}; font-size: ${token('fontSizes', 'xs')}; font-weight: ${token('fontWeights', 'medium')}; line-height: 1.25rem; white-space: nowrap; background: ${token('colors', 'gray.subtle')}; color: ${token('colors', 'gray.fg')}; }
.device-row-states .device-badge { font-size: ${token('fontSizes', '2xs')}; line-height: 1rem; padding: 0 ${token('spacing', '1')}; }
${palettes.map((palette) => `.device-badge[data-palette=${palette}] { background: ${token('colors', `${palette}.subtle`)}; color: ${token('colors', `${palette}.fg`)}; }`).join('\n')}
.device-group { padding: ${token('spacing', '1')} ${token('spacing', '3')}; height: 100%; background: ${token('colors', 'bg.muted')}; font-size: ${token('fontSizes', 'xs')}; font-weight: ${token('fontWeights', 'semibold')}; }
`;
