// Browsers list the IANA zones without UTC itself, the zone most schedules are written in.
/** An hour of the day as schedules show it: 09:00. */
export const hourLabel = (h: number) => `${String(h).padStart(2, '0')}:00`;

export const TIME_ZONES = ['UTC', ...(typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone').filter((z) => z !== 'UTC') : [])];
