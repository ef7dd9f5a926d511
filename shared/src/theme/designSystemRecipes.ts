import { badgeRecipe, dataListSlotRecipe, dialogSlotRecipe, menuSlotRecipe, tableSlotRecipe, textareaRecipe } from '@chakra-ui/react/theme';
import { progressRecipe } from './progressRecipe';
import { addRecipes } from './system';

/**
 * The recipes of the design system's components that the login does not draw (README, "Front-end
 * weight"): they load with the design system, after sign-in. A component added to the design-system
 * list in ../index.ts that has a recipe adds it here.
 */
addRecipes({
  recipes: { badge: badgeRecipe, textarea: textareaRecipe },
  slotRecipes: { dataList: dataListSlotRecipe, dialog: dialogSlotRecipe, menu: menuSlotRecipe, progress: progressRecipe, table: tableSlotRecipe },
});
