import { defineSlotRecipe } from '@chakra-ui/react';
import { progressSlotRecipe } from '@chakra-ui/react/theme';
import { PROGRESS_SLIDE } from './progressSlide';

/**
 * Chakra's progress, its indeterminate bar moved by `transform` instead of by `left`. Chakra's slides
 * the bar's `left`: every frame of a load (seconds, for a month's route) then laid out and painted
 * the page on its main thread, the thread the table and the map need, and had the whole page
 * composed again. A transform is moved by the compositor alone.
 */
export const progressRecipe = defineSlotRecipe({
  ...progressSlotRecipe,
  base: {
    ...progressSlotRecipe.base,
    range: {
      ...progressSlotRecipe.base?.range,
      _indeterminate: {
        position: 'absolute',
        insetInlineStart: 0,
        width: '50%',
        willChange: 'transform',
        animation: `${PROGRESS_SLIDE} 1s ease infinite`,
        backgroundImage: 'linear-gradient(to right, transparent 0%, var(--track-color) 50%, transparent 100%)',
        _motionReduce: { animation: 'none', width: '100%', backgroundImage: 'none', opacity: 0.6 },
      },
    },
  },
});
