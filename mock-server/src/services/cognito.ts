// First: the fidelity layer, whose entry quiets the AWS SDK v2 before cognito-local loads it.
import {
  createFidelity,
  type Fidelity,
  JsonFileDataStoreFactory,
  newCode,
  type SendMail,
  serveDiscovery,
  serveTokenEndpoint,
  SmtpMessageSender,
  TemplatedMessages,
  withRequestOrigin,
  wrapRouter,
} from '../cognito';
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type Lambda from 'aws-sdk/clients/lambda.js';
import { loadConfig } from 'cognito-local/lib/server/config.js';
import { Router } from 'cognito-local/lib/server/Router.js';
import { createServer } from 'cognito-local/lib/server/server.js';
import { CognitoServiceFactoryImpl } from 'cognito-local/lib/services/cognitoService.js';
import { CryptoService } from 'cognito-local/lib/services/crypto.js';
import {
  DateClock,
  LambdaService,
  MessagesService,
  type Services,
  TriggersService,
} from 'cognito-local/lib/services/index.js';
import { MessageDeliveryService } from 'cognito-local/lib/services/messageDelivery/messageDelivery.js';
import { JwtTokenGenerator } from 'cognito-local/lib/services/tokenGenerator.js';
import type { Clock } from 'cognito-local/lib/services/clock.js';
import { UserPoolServiceFactoryImpl } from 'cognito-local/lib/services/userPoolService.js';
import { CognitoError } from 'cognito-local/lib/errors.js';
import { pino } from 'pino';
import { closeServer, listen, publicHost, type Stoppable } from './net';

/**
 * cognito-local's Lambda client (aws-sdk v2) for trigger functions, created on the first trigger
 * call: the console configures none, and loading the v2 client costs about 150 ms of the start-up.
 */
const lazyLambdaClient = (options: Lambda.ClientConfiguration): Lambda => {
  let client: Lambda | undefined;
  const real = (): Lambda => {
    if (!client) {
      const LambdaClient = createRequire(import.meta.url)(
        'aws-sdk/clients/lambda.js',
      ) as typeof Lambda;
      client = new LambdaClient(options);
    }
    return client;
  };
  // LambdaService calls invoke() only: a stand-in with that method, typed as what it expects.
  const standIn = {
    invoke: (params: Lambda.InvocationRequest) => real().invoke(params),
  };
  return standIn as unknown as Lambda;
};

export interface CognitoOptions {
  /** cognito-local's config.json lives here, its database in ./db. */
  directory: string;
  host: string;
  port: number;
  debug: boolean;
  /** How Cognito's e-mails leave: to the local mail catcher. */
  sendMail: SendMail;
  mailFrom: string;
  /**
   * The URL clients use to reach this server, and so the issuer prefix of its tokens. Defaults
   * to the address bound (`localhost` for the loopback, as the console); differs behind a
   * container port mapping (docker-compose.yml).
   */
  publicUrl?: string;
  /** The time everything reads (tests move it to expire sessions and tokens). */
  clock?: Clock;
}

export interface RunningCognito extends Stoppable {
  /** http://host:port; also the issuer prefix of every token. */
  url: string;
  port: number;
  /** cognito-local's services, for the fidelity layer and tests. */
  services: Services;
  /** The fidelity layer's own state and services, for tests. */
  fidelity: Fidelity;
}

type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * cognito-local, composed as its createDefaultServer does, but: config and data under
 * `directory`, in a store of ours that saves atomically and refuses a damaged file
 * (cognito/pool-store.ts); a quiet logger; e-mail to the mail catcher with the pool's templates; the fidelity
 * layer in front of its router; and an issuer built from the port really bound, which is why the
 * server listens before the services are built.
 */
export const startCognito = async (options: CognitoOptions): Promise<RunningCognito> => {
  const logger = pino({
    name: 'cognito-local',
    level: options.debug ? 'debug' : 'warn',
    hooks: {
      // cognito-local logs every Cognito error answer (a wrong password, an unknown user: the
      // 400s clients expect) as a warning with a stack trace. Those stay out unless debugging;
      // real warnings and errors still show.
      logMethod(args, method, level) {
        if (!options.debug && level === 40 && args[0] instanceof CognitoError) return;
        method.apply(this, args as [string, ...unknown[]]);
      },
    },
  });
  const ctx = { logger };

  let listener: RequestListener = (_req, res) => {
    res.writeHead(503, { 'retry-after': '1' }).end();
  };
  const server = createHttpServer((req, res) => {
    listener(req, res);
  });
  const port = await listen(server, options.port, options.host);
  const url = options.publicUrl ?? `http://${publicHost(options.host)}:${port}`;

  try {
    const config = await loadConfig(ctx, new JsonFileDataStoreFactory(options.directory));
    // cognito-local's defaults read PORT and HOST from the environment: ours mean something else.
    config.TokenConfig = { ...config.TokenConfig, IssuerDomain: url };
    config.ServerConfig = { ...config.ServerConfig, hostname: options.host, port };

    const clock = options.clock ?? new DateClock();
    const dataDirectory = join(options.directory, 'db');
    const dataStoreFactory = new JsonFileDataStoreFactory(dataDirectory);
    const cognito = await new CognitoServiceFactoryImpl(
      dataDirectory,
      dataStoreFactory,
      new UserPoolServiceFactoryImpl(clock, dataStoreFactory),
    ).create(ctx, config.UserPoolDefaults);
    const triggers = new TriggersService(
      clock,
      cognito,
      new LambdaService(config.TriggerFunctions, lazyLambdaClient(config.LambdaClient)),
      new CryptoService(config.KMSConfig),
    );
    const delivery = new MessageDeliveryService(
      new SmtpMessageSender(options.sendMail, options.mailFrom),
    );
    const services: Services = {
      clock,
      cognito,
      config,
      messages: new TemplatedMessages(
        new MessagesService(triggers, delivery),
        triggers,
        cognito,
        delivery,
      ),
      // Its codes come from Math.random; ours from the CSPRNG, like our own targets' codes.
      otp: newCode,
      tokenGenerator: new JwtTokenGenerator(clock, triggers, config.TokenConfig),
      triggers,
    };
    // Its `start()` is not used: the server above already listens. `application` is the express
    // app, typed `any` by cognito-local.
    const fidelity = await createFidelity(services, join(options.directory, 'fidelity'), () => url);
    const app = (
      createServer(
        wrapRouter(Router(services), services, fidelity),
        logger,
        config.ServerConfig,
        services,
      ) as {
        application: RequestListener;
      }
    ).application;
    const discovery = serveDiscovery(() => url, fidelity.signingKey.jwk);
    const tokenEndpoint = serveTokenEndpoint(services, fidelity);
    listener = (req, res) => {
      withRequestOrigin(req, () => {
        if (discovery(req, res) || tokenEndpoint(req, res)) return;
        app(req, res);
      });
    };
    return { url, port, services, fidelity, stop: () => closeServer(server) };
  } catch (err) {
    await closeServer(server);
    throw err;
  }
};
