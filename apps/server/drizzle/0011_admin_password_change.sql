-- a password another admin made (on creation or reset) must be replaced by its owner before any other work
ALTER TABLE "admins" ADD COLUMN "password_temporary" boolean DEFAULT false NOT NULL;
