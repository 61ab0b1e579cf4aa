// Public surface of the chain indexer.
export { startIndexer } from './indexer.js'
export type { Indexer, IndexerOptions } from './indexer.js'
export { readHistory, InvalidCursorError } from './history.js'
export type { HistoryEntry, HistoryPage, HistoryTransfer } from './history.js'
export { readBlocks, TRANSFER_TOPIC } from './read-blocks.js'
export type { BlockRows, TxRow, TransferRow } from './read-blocks.js'
