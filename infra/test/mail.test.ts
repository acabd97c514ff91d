import { describe, it } from 'vitest';
import { logicalId, sitStack } from './support/stacks';

describe('Mail: SES sending for the product’s own mails', () => {
  const { template, stack } = sitStack();

  it('has an e-mail identity for the configured sender, with a TLS-only configuration set', () => {
    template.hasResourceProperties('AWS::SES::EmailIdentity', {
      EmailIdentity: 'no-reply@example.com',
      ConfigurationSetAttributes: {
        ConfigurationSetName: { Ref: logicalId(stack, stack.mail.configurationSet) },
      },
    });
    template.hasResourceProperties('AWS::SES::ConfigurationSet', {
      Name: 'ccsc-sit-mail',
      DeliveryOptions: { TlsPolicy: 'REQUIRE' },
      SuppressionOptions: { SuppressedReasons: ['BOUNCE', 'COMPLAINT'] },
    });
  });
});
