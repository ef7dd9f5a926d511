export const formPtBR = {
  fix: 'Alguns valores precisam ser conferidos.',
  invalid: {
    check: 'Confira este valor.',
    required: 'Preencha este campo.',
    number: 'Digite um número.',
    wholeNumber: 'Digite um número inteiro.',
    min: 'O mínimo é {{minimum}}.',
    max: 'O máximo é {{maximum}}.',
    tooLong: 'Texto longo demais (máximo {{maximum}} caracteres).',
    url: 'Digite um endereço que comece com http:// ou https://.',
    list: 'Digite nomes separados por vírgula.',
    choice: 'Escolha uma das opções.',
    colour: 'Digite uma cor no formato #rrggbb.',
  },
};
