/**
 * The indeterminate progress bar's slide (progressRecipe.ts), one of the page's keyframes (system.ts).
 * Apart from the recipe: the login's system has every keyframe, and does not load the recipe.
 */
export const PROGRESS_SLIDE = 'rastro-progress-slide';
export const PROGRESS_SLIDE_KEYFRAMES = {
  [PROGRESS_SLIDE]: { from: { transform: 'translateX(-100%)' }, to: { transform: 'translateX(200%)' } },
};
