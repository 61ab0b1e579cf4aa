-- The ERC-20 allowance a transaction's sender granted (its Approval log), so the history can call it an approval
-- (issue 33). NULL when the transaction granted none; indexed blocks before this migration keep NULL.
ALTER TABLE chain_transactions ADD COLUMN approval_token text;
ALTER TABLE chain_transactions ADD COLUMN approval_spender text;
ALTER TABLE chain_transactions ADD COLUMN approval_amount text;
