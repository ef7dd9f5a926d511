import { progressRecipe } from './progressRecipe';
import { PROGRESS_SLIDE, PROGRESS_SLIDE_KEYFRAMES } from './progressSlide';
import { createRastroSystem } from './system';

describe('the indeterminate progress bar', () => {
  const indeterminate = progressRecipe.base?.range?._indeterminate as Record<string, unknown>;

  it('slides by transform, which the compositor moves alone, never by its position', () => {
    expect(indeterminate.animation).toContain(PROGRESS_SLIDE);
    expect(indeterminate.willChange).toBe('transform');
    for (const frame of Object.values(PROGRESS_SLIDE_KEYFRAMES[PROGRESS_SLIDE])) expect(Object.keys(frame)).toEqual(['transform']);
  });

  it('has its slide among the keyframes of every system, a domain theme included', () => {
    expect(createRastroSystem({ primary: '#aa3300' })._config.theme?.keyframes?.[PROGRESS_SLIDE]).toEqual(PROGRESS_SLIDE_KEYFRAMES[PROGRESS_SLIDE]);
  });

  it('stands still for a user who asked for less motion', () => {
    expect((indeterminate._motionReduce as Record<string, unknown>).animation).toBe('none');
  });
});
