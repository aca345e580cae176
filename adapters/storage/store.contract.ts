import { describe, expect, it } from 'vitest';
import { describeAfterSaleContract } from './contract/after-sale.contract.ts';
import { describeAttributeFacetsContract } from './contract/attribute-facets.contract.ts';
import { describeAuditContract } from './contract/audit.contract.ts';
import { describeCartContract } from './contract/carts.contract.ts';
import { describeCategoryContract } from './contract/categories.contract.ts';
import { describeCompanyPricesContract } from './contract/company-prices.contract.ts';
import { describeCompanyContract } from './contract/companies.contract.ts';
import { describeCompanyOrderContract } from './contract/company-orders.contract.ts';
import { describeInboxContract } from './contract/inbox.contract.ts';
import { describeOrderContract } from './contract/orders.contract.ts';
import { describeOutboxContract } from './contract/outbox.contract.ts';
import { describeProductContract } from './contract/products.contract.ts';
import { describeQuoteContract } from './contract/quotes.contract.ts';
import { describeReportContract } from './contract/reports.contract.ts';
import { describeRefundContract } from './contract/refunds.contract.ts';
import { describeReviewContract } from './contract/reviews.contract.ts';
import { describeSearchContract } from './contract/search.contract.ts';
import { useStoreHarness, type OpenStorage } from './contract/store-harness.ts';
import { describeTestPaymentIntentsContract } from './contract/test-payment-intents.contract.ts';
import { describeUserContract } from './contract/users.contract.ts';

export type { OpenStorage } from './contract/store-harness.ts';

/**
 * The one behaviour every storage adapter must show; memory, SQLite and Postgres run it unchanged.
 * One contract per repository (contract/*.contract.ts); each test arranges its own data in a
 * fresh store.
 */
export function describeStoreContract(name: string, open: OpenStorage): void {
  describe(`Store contract: ${name}`, () => {
    const harness = useStoreHarness(open);
    describeProductContract(harness);
    describeCategoryContract(harness);
    describeSearchContract(harness);
    describeAttributeFacetsContract(harness);
    describeUserContract(harness);
    describeOrderContract(harness);
    describeCartContract(harness);
    describeRefundContract(harness);
    describeAfterSaleContract(harness);
    describeQuoteContract(harness);
    describeReviewContract(harness);
    describeInboxContract(harness);
    describeOutboxContract(harness);
    describeReportContract(harness);
    describeAuditContract(harness);
    describeTestPaymentIntentsContract(harness);
    describeCompanyPricesContract(harness);
    describeCompanyContract(harness);
    describeCompanyOrderContract(harness);

    it('imagesInUse: the asked URLs a product, profile photo, review or order still shows', async () => {
      const url = (n: number) => `/uploads/${String(n).repeat(32).slice(0, 32)}.png`;
      const product = await harness.addProduct({ imageUrl: url(1) });
      const user = await harness.addUser();
      await harness.store.users.saveProfile({
        userId: user.id,
        imageUrl: url(2),
        phone: '5550100',
        education: '',
        linkedin: '',
        facebook: '',
        address: 'A',
        companyName: '',
        jobTitle: '',
        taxNumber: '',
        updatedAt: harness.at(0),
      });
      await harness.store.reviews.create(harness.newReview({ imageUrl: url(3) }));
      await harness.placeOk(harness.newOrder({ ...product, imageUrl: url(4) }));
      const asked = [url(1), url(2), url(3), url(4), url(5), url(6)];
      expect([...(await harness.storage.imagesInUse(asked))].sort()).toEqual([url(1), url(2), url(3), url(4)]);
      expect(await harness.storage.imagesInUse([])).toEqual(new Set());
      // Long lists are asked in parts.
      const many = Array.from({ length: 1_200 }, (_, n) => `/uploads/${n}.png`).concat(url(3));
      expect(await harness.storage.imagesInUse(many)).toEqual(new Set([url(3)]));
    });

    it('answers a ping', async () => {
      await expect(harness.lifecycle.ping()).resolves.toBeUndefined();
    });
  });
}
