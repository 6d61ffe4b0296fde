CREATE TABLE "device_sightings" (
	"day" text NOT NULL,
	"place_hash" text NOT NULL,
	"device_hash" text NOT NULL,
	CONSTRAINT "device_sightings_day_place_hash_device_hash_pk" PRIMARY KEY("day","place_hash","device_hash")
);
