import type { ApiErrorName } from '../../shared/api/types';

/** A request that fails with a named API error; the server turns it into the error envelope. */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly errorName: ApiErrorName,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new ApiFailure(400, 'BadRequest', message);
/** An unknown path or method (/webapi/exceptions: Error404). */
export const notFound = (message: string) => new ApiFailure(404, 'Error404', message);
/** An ID that names nothing: 400, not 404 (/webapi/exceptions: LookupError). */
export const lookupError = (message: string) => new ApiFailure(400, 'LookupError', message);
export const permissionDenied = (message: string) => new ApiFailure(403, 'PermissionDeniedError', message);
