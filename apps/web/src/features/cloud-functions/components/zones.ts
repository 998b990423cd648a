// Browsers list the IANA zones without UTC itself, the zone most schedules are written in.
export const TIME_ZONES = ['UTC', ...(typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone').filter((z) => z !== 'UTC') : [])];
