-- A reminder is due reminder_delay_days after its row was stored, and every address is erased
-- address_retention_days after it (20251127000000_reminders_and_retention.sql). A delay as long
-- as the retention, or longer, would erase each address before its reminder is due: no reminder
-- would ever be sent, and nothing would say so. The settings refuse it (issue #22;
-- docs/operate.md, "Reminders"). Both defaults (7 and 30) hold.
alter table stepzero_private.settings
  add constraint settings_reminder_before_erasure check (reminder_delay_days < address_retention_days);
