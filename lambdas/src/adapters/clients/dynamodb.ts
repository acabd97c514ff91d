import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { lambdaEnv } from '../../env';
import { once } from './once';

export const documentClient = /* @__PURE__ */ once(() =>
  DynamoDBDocumentClient.from(new DynamoDBClient({ region: lambdaEnv().AWS_REGION }), {
    marshallOptions: { removeUndefinedValues: true },
  }),
);
