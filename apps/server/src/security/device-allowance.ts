import { isIPv4, isIPv6 } from 'node:net';
import { sql } from 'drizzle-orm';
import { AppError } from '../app-error.ts';
import { dayIn } from '../calendar/calendar.ts';
import type { Executor } from '../db/database.ts';
import type { Identity } from '../http/identity.ts';
import type { Clock } from './clock.ts';
import { sha256 } from './secrets.ts';

/** Sightings are kept for today and yesterday (a day in the server's zone may start before UTC's). */
const KEEP_DAYS = 2;
const PRUNE_EVERY = 500;

/** The network a client address belongs to: IPv4 /24, IPv6 /48 (an IPv4-mapped IPv6 counts as IPv4). */
export function networkOf(ip: string): string {
  const v4 = ip.startsWith('::ffff:') && isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
  if (isIPv4(v4)) return v4.split('.').slice(0, 3).join('.');
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const front = head ? head.split(':') : [];
  const back = ip.includes('::') ? (tail ? tail.split(':') : []) : [];
  const groups = [...front, ...Array(8 - front.length - back.length).fill('0'), ...back];
  return groups
    .slice(0, 3)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':');
}

export interface DeviceLimits {
  /** Devices a day per client address. */
  address: number;
  /** Devices a day per network (networkOf). */
  network: number;
}

/**
 * A logged-out device is known only by the id it chooses, and each new id gets its own free
 * allowance: made-up ids would be free use without end. So an address, and its network, may bring
 * only so many devices a day to what costs (analysis, recognition, chat); a device seen there
 * today goes on as before, a further one is asked to log in. Logged-in users are not counted.
 */
export class DeviceAllowance {
  private calls = 0;

  constructor(
    private readonly db: Executor,
    private readonly clock: Clock,
    private readonly timeZone: string,
    private readonly limits: DeviceLimits,
  ) {}

  /** For a route's guards: nothing for a user, the day's count for a device. */
  readonly guard = (request: { identity: Identity | null; ip: string }): Promise<void> =>
    request.identity?.kind === 'device'
      ? this.admit(request.identity.deviceId, request.ip)
      : Promise.resolve();

  async admit(deviceId: string, ip: string): Promise<void> {
    const now = this.clock();
    const day = dayIn(now, this.timeZone);
    const device = sha256(deviceId);
    const places: [string, number][] = [
      [`ip:${ip}`, this.limits.address],
      [`net:${networkOf(ip)}`, this.limits.network],
    ];
    for (const [place, limit] of places) {
      if (!(await this.sight(day, sha256(place), device, limit))) {
        throw new AppError(429, 'errors.device_limit_reached');
      }
    }
    if (++this.calls % PRUNE_EVERY === 0) await this.prune(now);
  }

  /** True when the device was seen at the place today, or is now and still within the limit. */
  private async sight(day: string, place: string, device: string, limit: number): Promise<boolean> {
    const { rows } = await this.db.execute<{ known: boolean; added: boolean }>(sql`
      with seen as (
        select count(*) as n, coalesce(bool_or(device_hash = ${device}), false) as known
        from device_sightings where day = ${day} and place_hash = ${place}
      ), added as (
        insert into device_sightings (day, place_hash, device_hash)
        select ${day}, ${place}, ${device} from seen where not seen.known and seen.n < ${limit}
        on conflict do nothing
        returning 1
      )
      select (select known from seen) as known, exists (select 1 from added) as added`);
    const [row] = rows;
    if (row?.known || row?.added) return true;
    // the same device's other request may have added it a moment ago (the insert met its row)
    const { rows: again } = await this.db.execute(sql`
      select 1 from device_sightings where day = ${day} and place_hash = ${place} and device_hash = ${device}`);
    return again.length > 0;
  }

  private async prune(now: Date): Promise<void> {
    const oldest = dayIn(new Date(now.getTime() - KEEP_DAYS * 86_400_000), this.timeZone);
    await this.db.execute(sql`delete from device_sightings where day < ${oldest}`);
  }
}
