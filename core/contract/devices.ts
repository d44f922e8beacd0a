import { z } from 'zod';
import { text } from './limits.ts';
import { notAReference, referenceId } from './references.ts';

/**
 * Devices (spec 2 "Smart device"): driver phones and smart trailers, written through
 * `/api/organizations/{orgId}/devices[/{id}]`. `clientId` is the identifier the phone app or the
 * trailer sends with its positions (Traccar/OsmAnd name only it), unique across every organization:
 * a taken one answers 409 with the issue `clientIdTaken` on `body.clientId`.
 */

export const DEVICE_KINDS = ['phone', 'trailer'] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];
export const CLIENT_ID_TAKEN = 'clientIdTaken';

export const deviceInputSchema = z.object({
  clientId: notAReference(
    text(100, { trim: true }).min(1, 'required'),
    'the identifier the device sends with its positions (unique across organizations), not a record id',
  ),
  name: text(200, { trim: true }).min(1, 'required'),
  kind: z.enum(DEVICE_KINDS),
  /** The driver whose phone it is (phones only; none for a trailer). */
  driverUserId: referenceId('driver').nullable().default(null),
  enabled: z.boolean().default(true),
});
export type DeviceInput = z.input<typeof deviceInputSchema>;

export const deviceSchema = z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  clientId: z.string(),
  name: z.string(),
  kind: z.enum(DEVICE_KINDS),
  driverUserId: z.number().int().nullable(),
  enabled: z.boolean(),
  version: z.number().int(),
});
export type Device = z.infer<typeof deviceSchema>;
