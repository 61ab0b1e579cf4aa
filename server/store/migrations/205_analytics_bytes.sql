-- Issue 30 #6: POST /e was bounded by rows, not bytes. Each row records what it stores (the same measure POST /e caps
-- per event), so retention can keep the tables under a byte total; rows from before count their text form.
ALTER TABLE analytics_events ADD COLUMN bytes integer NOT NULL DEFAULT 0;
ALTER TABLE error_reports ADD COLUMN bytes integer NOT NULL DEFAULT 0;
UPDATE analytics_events t SET bytes = octet_length(t::text);
UPDATE error_reports t SET bytes = octet_length(t::text);
