-- Phones are stored as digits only (0812345678) so that a number is found however it was typed; the screens
-- and documents format them (081-234-5678). A +66 number becomes the same number with its leading 0.
UPDATE "customers" SET
  "phone_1" = CASE WHEN btrim("phone_1") LIKE '+66%' AND length(regexp_replace("phone_1", '\D', '', 'g')) IN (10, 11) THEN '0' || substr(regexp_replace("phone_1", '\D', '', 'g'), 3) ELSE regexp_replace("phone_1", '\D', '', 'g') END,
  "phone_2" = CASE WHEN btrim("phone_2") LIKE '+66%' AND length(regexp_replace("phone_2", '\D', '', 'g')) IN (10, 11) THEN '0' || substr(regexp_replace("phone_2", '\D', '', 'g'), 3) ELSE regexp_replace("phone_2", '\D', '', 'g') END
  WHERE "phone_1" ~ '\D' OR "phone_2" ~ '\D';--> statement-breakpoint
UPDATE "users" SET
  "phone_1" = CASE WHEN btrim("phone_1") LIKE '+66%' AND length(regexp_replace("phone_1", '\D', '', 'g')) IN (10, 11) THEN '0' || substr(regexp_replace("phone_1", '\D', '', 'g'), 3) ELSE regexp_replace("phone_1", '\D', '', 'g') END,
  "phone_2" = CASE WHEN btrim("phone_2") LIKE '+66%' AND length(regexp_replace("phone_2", '\D', '', 'g')) IN (10, 11) THEN '0' || substr(regexp_replace("phone_2", '\D', '', 'g'), 3) ELSE regexp_replace("phone_2", '\D', '', 'g') END,
  "emergency_phone" = CASE WHEN btrim("emergency_phone") LIKE '+66%' AND length(regexp_replace("emergency_phone", '\D', '', 'g')) IN (10, 11) THEN '0' || substr(regexp_replace("emergency_phone", '\D', '', 'g'), 3) ELSE regexp_replace("emergency_phone", '\D', '', 'g') END
  WHERE "phone_1" ~ '\D' OR "phone_2" ~ '\D' OR "emergency_phone" ~ '\D';--> statement-breakpoint
UPDATE "branches" SET
  "phone_1" = CASE WHEN btrim("phone_1") LIKE '+66%' AND length(regexp_replace("phone_1", '\D', '', 'g')) IN (10, 11) THEN '0' || substr(regexp_replace("phone_1", '\D', '', 'g'), 3) ELSE regexp_replace("phone_1", '\D', '', 'g') END,
  "phone_2" = CASE WHEN btrim("phone_2") LIKE '+66%' AND length(regexp_replace("phone_2", '\D', '', 'g')) IN (10, 11) THEN '0' || substr(regexp_replace("phone_2", '\D', '', 'g'), 3) ELSE regexp_replace("phone_2", '\D', '', 'g') END
  WHERE "phone_1" ~ '\D' OR "phone_2" ~ '\D';
