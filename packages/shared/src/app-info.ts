/** Product name, tagline and version shown in the layout (SPEC §2 shared layout). */
export const PRODUCT_NAME = 'BidDesk';
export const PRODUCT_TAGLINE = 'Federal Solicitation Bid Assistant';
export const PRODUCT_VERSION = '0.1.0';
