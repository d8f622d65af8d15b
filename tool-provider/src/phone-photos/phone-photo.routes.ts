import { API } from '@kib/core';
import type { ApiRouter } from '../http/api-router';
import type { PhonePhotoService } from './phone-photo.service';

/** POST phone_photo/sessions/: a link for the caller's phone (the socket is {@link PhonePhotoSockets}). */
export function registerPhonePhotoRoutes(api: ApiRouter, photos: PhonePhotoService): void {
  api.handle(API.phonePhotoSession, {
    handle: async ({ principal, body }) => ({
      status: 201,
      body: await photos.open(principal, body.numeralId),
    }),
  });
}
