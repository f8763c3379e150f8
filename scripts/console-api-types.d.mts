/** Types of console-api-types.mjs, for the test that checks the generated file is current. */
export declare const WEB_TYPES_FILE: URL;
export declare function webApiTypes(document: Record<string, unknown>): Promise<string>;
