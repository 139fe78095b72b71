/**
 * Floor devices: what the floor screens need without the API contract's zod
 * schemas (src/shared/schemas/devices.ts), which stay out of the floor's JavaScript.
 */

/** The longest name a device may have. */
export const DEVICE_NAME_MAX = 100;
