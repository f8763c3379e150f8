/**
 * Reservations of loan groups (issue 23): `quantity` units of a group booked for [starts_at, ends_at)
 * (UTC instants as ISO text in "C" order, so text order is time order), how many of them have been
 * picked up, and who booked (a teacher sees only their own). Cancelled bookings stay as history.
 */
export const sql = `
CREATE TABLE reservations (
  tenant_id text NOT NULL,
  id text NOT NULL,
  group_id text NOT NULL,
  quantity integer NOT NULL,
  fulfilled integer NOT NULL,
  starts_at text COLLATE "C" NOT NULL,
  ends_at text COLLATE "C" NOT NULL,
  person_id text,
  note text,
  status text NOT NULL,
  created_by_type text NOT NULL,
  created_by_id text NOT NULL,
  created_at text COLLATE "C" NOT NULL,
  updated_at text COLLATE "C" NOT NULL,
  cancelled_at text COLLATE "C",
  version integer NOT NULL,
  PRIMARY KEY (tenant_id, id)
);
-- The availability check reads a group's bookings that overlap a window: by group, then start.
CREATE INDEX reservations_group_starts ON reservations (tenant_id, group_id, starts_at);
-- Lists across groups (today's pickups on Home) by start.
CREATE INDEX reservations_starts ON reservations (tenant_id, starts_at);
`;
