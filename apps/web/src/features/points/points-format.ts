const pad = (n: number) => String(n).padStart(2, '0');

/** Spec §2: year-month-day hour:minute, in the device's own time zone. */
export function formatEntryTime(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The day part of an instant (a VIP expiry), in the device's time zone. */
export const formatDay = (iso: string): string => formatEntryTime(iso).slice(0, 10);

/** A signed amount as shown: "+200", "-1", "0". */
export const signedAmount = (amount: number): string => (amount > 0 ? `+${amount}` : String(amount));

/** Fen to yuan for a price label: 1500 → "15", 990 → "9.9". */
export const yuan = (fen: number): string => String(fen / 100);
