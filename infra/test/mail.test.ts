import { describe, it } from 'vitest';
import { logicalId, sitStack, testEnvironmentStack } from './support/stacks';

describe('Mail: SES sending for the product’s own mails', () => {
  it('without a verified identity: an e-mail identity for the sender, with a TLS-only configuration set', () => {
    const { template, stack } = testEnvironmentStack();
    template.hasResourceProperties('AWS::SES::EmailIdentity', {
      EmailIdentity: 'no-reply@example.com',
      ConfigurationSetAttributes: {
        ConfigurationSetName: { Ref: logicalId(stack, stack.mail.configurationSet) },
      },
    });
  });

  it('has a TLS-only configuration set that suppresses bounces and complaints', () => {
    sitStack().template.hasResourceProperties('AWS::SES::ConfigurationSet', {
      Name: 'ccsc-sit-mail',
      DeliveryOptions: { TlsPolicy: 'REQUIRE' },
      SuppressionOptions: { SuppressedReasons: ['BOUNCE', 'COMPLAINT'] },
    });
  });
});
