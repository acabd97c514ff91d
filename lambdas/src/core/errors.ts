import type { ErrorCode, FieldError } from '@ccsc/contract/envelope';

/**
 * Typed errors a core may throw. `toErrorResponse` (http/responses.ts) is the one place that turns
 * them into HTTP answers; anything that is not an AppError becomes a generic 500.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: FieldError[],
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends AppError {
  constructor(message: string, fields?: FieldError[]) {
    super('VALIDATION_FAILED', message, fields);
  }
}
export class UnauthorizedError extends AppError {
  constructor(message = 'Authentication is required.') {
    super('UNAUTHORIZED', message);
  }
}
export class ForbiddenError extends AppError {
  constructor(message = 'You are not allowed to perform this action.') {
    super('FORBIDDEN', message);
  }
}
export class NotFoundError extends AppError {
  constructor(message: string) {
    super('NOT_FOUND', message);
  }
}
export class ConflictError extends AppError {
  constructor(message: string) {
    super('CONFLICT', message);
  }
}
export class TooManyRequestsError extends AppError {
  constructor(message = 'Too many requests. Please try again later.') {
    super('TOO_MANY_REQUESTS', message);
  }
}
export class NotImplementedError extends AppError {
  constructor(message: string) {
    super('NOT_IMPLEMENTED', message);
  }
}
export class ServiceUnavailableError extends AppError {
  constructor(message = 'A service the console depends on is unavailable. Please try again.') {
    super('SERVICE_UNAVAILABLE', message);
  }
}
