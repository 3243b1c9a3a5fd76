-- The withholding certificates (50 ทวิ) issued: one per person and tax year, its book (เล่มที่, the Buddhist year)
-- and number (เลขที่, running within the book) given once at the first issue and kept for every reprint.
CREATE TABLE "payroll_certificates" (
	"certificate_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payroll_certificates_certificate_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"year" integer NOT NULL,
	"book_no" text NOT NULL,
	"number" integer NOT NULL,
	"issued_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "payroll_certificates" ADD CONSTRAINT "payroll_certificates_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_certificates" ADD CONSTRAINT "payroll_certificates_issued_by_users_user_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payroll_certificates_user_year" ON "payroll_certificates" USING btree ("user_id","year");--> statement-breakpoint
CREATE UNIQUE INDEX "payroll_certificates_book_number" ON "payroll_certificates" USING btree ("book_no","number");
