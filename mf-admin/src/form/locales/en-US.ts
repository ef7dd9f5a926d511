import type { FormCatalog } from '../formCatalogs';

export const formEnUS: FormCatalog = {
  fix: 'Some values need checking.',
  invalid: {
    check: 'Check this value.',
    required: 'Fill this in.',
    number: 'Enter a number.',
    wholeNumber: 'Enter a whole number.',
    min: 'The minimum is {{minimum}}.',
    max: 'The maximum is {{maximum}}.',
    tooLong: 'Text too long (at most {{maximum}} characters).',
    url: 'Enter an address starting with http:// or https://.',
    list: 'Enter names separated by commas.',
    choice: 'Choose one of the options.',
    colour: 'Enter a colour as #rrggbb.',
  },
};
