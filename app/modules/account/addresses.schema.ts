import { z } from "zod";
import { phoneNumber, type PhoneRules } from "./profile.schema";

const error = (key: string) => `account:errors.${key}`;

export const ADDRESS_TYPES = ["home", "office", "other"] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];

/** Lengths of the address fields; also handed to the error messages. */
export const ADDRESS_LIMITS = { nameMin: 2, nameMax: 100, lineMin: 3, lineMax: 255, shortMax: 100, postCodeMax: 20 } as const;

const optionalText = (max: number) => z.string().trim().max(max, error("tooLong")).optional();

/**
 * A delivery address (spec: POST /address/store and /address/{id}/update): name, phone, area, flat_no,
 * post_code, address_line, address_line2, address_type, is_default, latitude, longitude. The page's form
 * leaves out the map position; the same schema takes it from the API.
 */
export function addressSchema(rules: Pick<PhoneRules, "phoneMinLength" | "phoneMaxLength">) {
  return z.object({
    name: z
      .string({ required_error: error("nameRequired") })
      .trim()
      .min(ADDRESS_LIMITS.nameMin, error("nameLength"))
      .max(ADDRESS_LIMITS.nameMax, error("nameLength")),
    phone: phoneNumber(rules),
    area: optionalText(ADDRESS_LIMITS.shortMax),
    flat_no: optionalText(ADDRESS_LIMITS.shortMax),
    post_code: z
      .string()
      .trim()
      .max(ADDRESS_LIMITS.postCodeMax, error("postCodeInvalid"))
      .regex(/^[\p{L}\p{N}][\p{L}\p{N} -]*$/u, error("postCodeInvalid"))
      .optional(),
    address_line: z
      .string({ required_error: error("addressLineRequired") })
      .trim()
      .min(ADDRESS_LIMITS.lineMin, error("addressLineLength"))
      .max(ADDRESS_LIMITS.lineMax, error("addressLineLength")),
    address_line2: optionalText(ADDRESS_LIMITS.lineMax),
    address_type: z.enum(ADDRESS_TYPES, { errorMap: () => ({ message: error("addressTypeInvalid") }) }).default("home"),
    is_default: z.boolean().default(false),
    latitude: z.number().min(-90, error("positionInvalid")).max(90, error("positionInvalid")).optional(),
    longitude: z.number().min(-180, error("positionInvalid")).max(180, error("positionInvalid")).optional(),
  });
}
export type AddressInput = z.infer<ReturnType<typeof addressSchema>>;
