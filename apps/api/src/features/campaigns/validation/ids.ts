const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a path segment can be a campaign id at all (anything else is simply not found). */
export const isUuid = (value: string) => UUID.test(value);
