import type { FormCatalog } from '../formCatalogs';

export const formEs: FormCatalog = {
  fix: 'Algunos valores deben revisarse.',
  invalid: {
    check: 'Revise este valor.',
    required: 'Complete este campo.',
    number: 'Introduzca un número.',
    wholeNumber: 'Introduzca un número entero.',
    min: 'El mínimo es {{minimum}}.',
    max: 'El máximo es {{maximum}}.',
    tooLong: 'Texto demasiado largo (máximo {{maximum}} caracteres).',
    url: 'Introduzca una dirección que empiece por http:// o https://.',
    list: 'Introduzca nombres separados por comas.',
    choice: 'Elija una de las opciones.',
    colour: 'Introduzca un color con el formato #rrggbb.',
  },
};
