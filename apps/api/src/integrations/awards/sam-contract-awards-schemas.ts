import { z } from 'zod';

/**
 * What the client requires of a SAM.gov Contract Awards answer. Empty values are omitted keys in
 * SAM's answers, never nulls, so nearly everything is optional; a record without its PIID and
 * agency code cannot be keyed and makes the whole answer malformed. Totals arrive as strings
 * ("5691511", even "null"). Shapes: fixtures/sam-contract-awards/*.json (the documentation's examples).
 */
const codeName = z.looseObject({ code: z.string().optional(), name: z.string().optional() }).optional();

export const SamAwardSchema = z.looseObject({
  contractId: z.looseObject({
    subtier: z.looseObject({ code: z.string().min(1), name: z.string().optional() }),
    piid: z.string().min(1),
    modificationNumber: z.string().optional(),
    referencedIDVSubtier: codeName,
    referencedIDVPiid: z.string().optional(),
  }),
  coreData: z
    .looseObject({
      solicitationId: z.string().optional(),
      awardOrIDV: z.string().optional(),
      awardOrIDVType: codeName,
      federalOrganization: z
        .looseObject({
          contractingInformation: z
            .looseObject({ contractingDepartment: codeName, contractingSubtier: codeName, contractingOffice: codeName })
            .optional(),
        })
        .optional(),
      principalPlaceOfPerformance: z.looseObject({ state: codeName, zipCode: z.string().optional(), country: codeName }).optional(),
      productOrServiceInformation: z
        .looseObject({ productOrService: codeName, principalNaics: z.array(z.looseObject({ code: z.string().optional() })).optional() })
        .optional(),
      competitionInformation: z.looseObject({ extentCompeted: codeName, typeOfSetAside: codeName }).optional(),
    })
    .optional(),
  awardDetails: z
    .looseObject({
      dates: z.record(z.string(), z.string()).optional(),
      totalContractDollars: z.record(z.string(), z.string()).optional(),
      productOrServiceInformation: z.looseObject({ descriptionOfContractRequirement: z.string().optional() }).optional(),
      competitionInformation: z
        .looseObject({
          extentCompetedForReferencedIdv: codeName,
          idvTypeOfSetAside: codeName,
          numberOfOffersReceived: z.string().optional(),
          idvNumberOfOffersReceived: z.string().optional(),
        })
        .optional(),
      awardeeData: z
        .looseObject({
          awardeeHeader: z.looseObject({ awardeeName: z.string().optional(), legalBusinessName: z.string().optional() }).optional(),
          awardeeUEIInformation: z
            .looseObject({ uniqueEntityId: z.string().optional(), awardeeUltimateParentUniqueEntityId: z.string().optional() })
            .optional(),
        })
        .optional(),
      transactionData: z.looseObject({ lastModifiedDate: z.string().optional() }).optional(),
      // A list of { code, name } in the documentation's examples; read leniently by the mapper, so an
      // unexpected shape says nothing instead of making the whole answer malformed.
      preferenceProgramsInformation: z.looseObject({ contractingOfficerBusinessSizeDetermination: z.unknown() }).optional(),
    })
    .optional(),
});
export type SamAward = z.infer<typeof SamAwardSchema>;

const count = z.union([z.string(), z.number()]).optional();

export const SamAwardsAnswerSchema = z.looseObject({
  awardSummary: z.array(SamAwardSchema).optional(),
  totalRecords: count,
  limit: count,
  offset: count,
});
