// Prettier: the house format. 120 columns, no semicolons, single quotes (the style the code was written in).
export default { printWidth: 120, semi: false, singleQuote: true, trailingComma: 'all', arrowParens: 'always' }
