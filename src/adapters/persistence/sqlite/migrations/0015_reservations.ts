/**
 * Reservations of loan groups (issue 23): `quantity` units of a group booked for [starts_at, ends_at)
 * (UTC instants as ISO text, so text order is time order), how many of them have been picked up, and
 * who booked (a teacher sees only their own). Cancelled bookings stay as history.
 */
export const sql = `
CREATE TABLE reservations (
  tenant_id TEXT NOT NULL,
  id TEXT NOT NULL,
  group_id TEXT NOT NULL,
  quantity INTEGER NOT NULL,
  fulfilled INTEGER NOT NULL,
  starts_at TEXT NOT NULL,
  ends_at TEXT NOT NULL,
  person_id TEXT,
  note TEXT,
  status TEXT NOT NULL,
  created_by_type TEXT NOT NULL,
  created_by_id TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  cancelled_at TEXT,
  version INTEGER NOT NULL,
  PRIMARY KEY (tenant_id, id)
) STRICT;
-- The availability check reads a group's bookings that overlap a window: by group, then start.
CREATE INDEX reservations_group_starts ON reservations (tenant_id, group_id, starts_at);
-- Lists across groups (today's pickups on Home) by start.
CREATE INDEX reservations_starts ON reservations (tenant_id, starts_at);
`;
