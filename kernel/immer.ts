// Immer in a chunk of its own: the kernel imports it with the first plugin chunk (see drafts.ts).
export { produce } from 'immer'
