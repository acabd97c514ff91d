import type { APIGatewayProxyResult } from 'aws-lambda';
import {
  ERROR_CODES,
  type ErrorBody,
  type ErrorCode,
  type FieldError,
} from '@ccsc/contract/envelope';
import { AppError } from '../core/errors';
import { describeError, type Logger } from '../core/logger';

const BASE_HEADERS = {
  'Content-Type': 'application/json; charset=utf-8',
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
};

export const jsonResponse = (
  statusCode: number,
  body: unknown,
  requestId: string,
): APIGatewayProxyResult => ({
  statusCode,
  headers: { ...BASE_HEADERS, 'X-Request-Id': requestId },
  body: JSON.stringify(body),
});

export const successResponse = (data: unknown, requestId: string): APIGatewayProxyResult =>
  jsonResponse(200, { status: 'success', data }, requestId);

export const errorResponse = (
  code: ErrorCode,
  message: string,
  requestId: string,
  fields?: FieldError[],
): APIGatewayProxyResult => {
  const body: ErrorBody = {
    status: 'error',
    error: fields && fields.length > 0 ? { code, message, fields } : { code, message },
  };
  return jsonResponse(ERROR_CODES[code], body, requestId);
};

/**
 * The one place errors become answers. Typed errors say what they are; anything else is logged
 * with its detail and answered generically, so no internals leak.
 */
export const toErrorResponse = (
  err: unknown,
  requestId: string,
  logger: Logger,
  context: Record<string, unknown>,
): APIGatewayProxyResult => {
  if (err instanceof AppError) {
    const status = ERROR_CODES[err.code];
    // 501 is a route whose feature has not landed: expected, not a fault to page anyone about.
    if (status >= 500 && err.code !== 'NOT_IMPLEMENTED') {
      logger.error('request failed', { ...context, ...describeError(err) });
    } else
      logger.info('request refused', { ...context, code: err.code, errorMessage: err.message });
    return errorResponse(err.code, err.message, requestId, err.fields);
  }
  logger.error('unexpected error', { ...context, ...describeError(err) });
  return errorResponse(
    'INTERNAL',
    `Something went wrong on our side. Please try again later (reference ${requestId}).`,
    requestId,
  );
};
