CREATE TABLE "catalog_prices" (
	"kind" text NOT NULL,
	"item_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	CONSTRAINT "catalog_prices_kind_item_id_branch_id_pk" PRIMARY KEY("kind","item_id","branch_id")
);
--> statement-breakpoint
DROP INDEX "promotions_code_live";--> statement-breakpoint
ALTER TABLE "courses" ALTER COLUMN "branch_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "other_fees" ALTER COLUMN "branch_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "promotions" ALTER COLUMN "branch_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "course_types" ADD COLUMN "min_age" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "branch_ids" integer[];--> statement-breakpoint
ALTER TABLE "other_fees" ADD COLUMN "branch_ids" integer[];--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "branch_ids" integer[];--> statement-breakpoint
ALTER TABLE "catalog_prices" ADD CONSTRAINT "catalog_prices_branch_id_branches_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("branch_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Minimum ages per licence class (DOMAIN: 18 for a car, 15 for a motorcycle); editable in หลักสูตร › ประเภทหลักสูตร.
UPDATE "course_types" SET "min_age" = 18 WHERE "name" IN ('รถยนต์', 'รถยนต์สามล้อ') AND "min_age" = 0;--> statement-breakpoint
UPDATE "course_types" SET "min_age" = 15 WHERE "name" = 'รถจักรยานยนต์' AND "min_age" = 0;--> statement-breakpoint
-- The same course offered by several branches (the seeded catalog copied it into every branch) becomes ONE
-- school-wide course: the lowest id survives with the head office's price (or its own), a branch whose copy had
-- another price keeps it as a branch price, and the copies are retired (is_delete; old applications keep them).
CREATE TEMP TABLE "course_groups" AS
  SELECT min("course_id") AS "keep", array_agg("course_id") AS "ids", array_agg(DISTINCT "branch_id") AS "branches"
  FROM "courses" WHERE NOT "is_delete" AND "branch_id" IS NOT NULL
  GROUP BY "name", "type", "detail", "theory_hours", "practice_hours", "is_activate" HAVING count(DISTINCT "branch_id") > 1;--> statement-breakpoint
CREATE TEMP TABLE "course_base" AS
  SELECT g."keep", coalesce((SELECT c."price" FROM "courses" c JOIN "branches" b ON b."branch_id" = c."branch_id"
    WHERE c."course_id" = ANY(g."ids") AND b."is_head_office" ORDER BY c."course_id" LIMIT 1), k."price") AS "price"
  FROM "course_groups" g JOIN "courses" k ON k."course_id" = g."keep";--> statement-breakpoint
INSERT INTO "catalog_prices" ("kind", "item_id", "branch_id", "price")
  SELECT DISTINCT ON (g."keep", c."branch_id") 'course', g."keep", c."branch_id", c."price"
  FROM "course_groups" g JOIN "course_base" cb ON cb."keep" = g."keep" JOIN "courses" c ON c."course_id" = ANY(g."ids")
  WHERE c."price" <> cb."price" ORDER BY g."keep", c."branch_id", c."course_id";--> statement-breakpoint
UPDATE "courses" c SET "branch_id" = NULL, "price" = cb."price", "updated_at" = now(),
  "branch_ids" = CASE WHEN (SELECT count(*) FROM "branches" b WHERE NOT b."is_delete" AND b."branch_id" <> ALL(g."branches")) = 0 THEN NULL ELSE g."branches" END
  FROM "course_groups" g JOIN "course_base" cb ON cb."keep" = g."keep" WHERE c."course_id" = g."keep";--> statement-breakpoint
UPDATE "courses" c SET "is_delete" = true, "updated_at" = now()
  FROM "course_groups" g WHERE c."course_id" = ANY(g."ids") AND c."course_id" <> g."keep";--> statement-breakpoint
-- The same for other fees and request fees.
CREATE TEMP TABLE "fee_groups" AS
  SELECT min("other_fee_id") AS "keep", array_agg("other_fee_id") AS "ids", array_agg(DISTINCT "branch_id") AS "branches"
  FROM "other_fees" WHERE NOT "is_delete" AND "branch_id" IS NOT NULL
  GROUP BY "name", "detail", "is_request_fee", "is_activate" HAVING count(DISTINCT "branch_id") > 1;--> statement-breakpoint
CREATE TEMP TABLE "fee_base" AS
  SELECT g."keep", coalesce((SELECT f."price" FROM "other_fees" f JOIN "branches" b ON b."branch_id" = f."branch_id"
    WHERE f."other_fee_id" = ANY(g."ids") AND b."is_head_office" ORDER BY f."other_fee_id" LIMIT 1), k."price") AS "price"
  FROM "fee_groups" g JOIN "other_fees" k ON k."other_fee_id" = g."keep";--> statement-breakpoint
INSERT INTO "catalog_prices" ("kind", "item_id", "branch_id", "price")
  SELECT DISTINCT ON (g."keep", f."branch_id") 'other_fee', g."keep", f."branch_id", f."price"
  FROM "fee_groups" g JOIN "fee_base" fb ON fb."keep" = g."keep" JOIN "other_fees" f ON f."other_fee_id" = ANY(g."ids")
  WHERE f."price" <> fb."price" ORDER BY g."keep", f."branch_id", f."other_fee_id";--> statement-breakpoint
UPDATE "other_fees" f SET "branch_id" = NULL, "price" = fb."price", "updated_at" = now(),
  "branch_ids" = CASE WHEN (SELECT count(*) FROM "branches" b WHERE NOT b."is_delete" AND b."branch_id" <> ALL(g."branches")) = 0 THEN NULL ELSE g."branches" END
  FROM "fee_groups" g JOIN "fee_base" fb ON fb."keep" = g."keep" WHERE f."other_fee_id" = g."keep";--> statement-breakpoint
UPDATE "other_fees" f SET "is_delete" = true, "updated_at" = now()
  FROM "fee_groups" g WHERE f."other_fee_id" = ANY(g."ids") AND f."other_fee_id" <> g."keep";--> statement-breakpoint
-- A promotion code that every copy defines identically becomes one school-wide code; its limit and usage are the
-- sums of the copies' (no branch loses a use), and the copies' usages move to it.
CREATE TEMP TABLE "promo_groups" AS
  SELECT g."keep", g."ids", g."branches", g."limit", g."usage" FROM (
    SELECT upper("code") AS "ucode", count(*) AS "n", min("promotion_id") AS "keep", array_agg("promotion_id") AS "ids",
      array_agg(DISTINCT "branch_id") AS "branches", sum("limit")::int AS "limit", sum("usage")::int AS "usage"
    FROM "promotions" WHERE NOT "is_delete" AND "branch_id" IS NOT NULL
    GROUP BY upper("code"), "name", "detail", "type", "type_discount", "value", "start", "end", "is_unlimit", "is_activate"
    HAVING count(DISTINCT "branch_id") > 1) g
  WHERE (SELECT count(*) FROM "promotions" o WHERE NOT o."is_delete" AND upper(o."code") = g."ucode") = g."n";--> statement-breakpoint
UPDATE "promotion_usages" u SET "promotion_id" = g."keep" FROM "promo_groups" g WHERE u."promotion_id" = ANY(g."ids");--> statement-breakpoint
UPDATE "application_courses" l SET "promotion_id" = g."keep" FROM "promo_groups" g WHERE l."promotion_id" = ANY(g."ids");--> statement-breakpoint
UPDATE "promotions" p SET "is_delete" = true, "updated_at" = now()
  FROM "promo_groups" g WHERE p."promotion_id" = ANY(g."ids") AND p."promotion_id" <> g."keep";--> statement-breakpoint
UPDATE "promotions" p SET "branch_id" = NULL, "limit" = g."limit", "usage" = g."usage", "updated_at" = now(),
  "branch_ids" = CASE WHEN (SELECT count(*) FROM "branches" b WHERE NOT b."is_delete" AND b."branch_id" <> ALL(g."branches")) = 0 THEN NULL ELSE g."branches" END
  FROM "promo_groups" g WHERE p."promotion_id" = g."keep";--> statement-breakpoint
DROP TABLE "course_groups", "course_base", "fee_groups", "fee_base", "promo_groups";--> statement-breakpoint
CREATE UNIQUE INDEX "promotions_code_live" ON "promotions" USING btree (coalesce("branch_id", 0),upper("code")) WHERE not "promotions"."is_delete";