package recordings

// Amazon Bedrock's catalog, on its control plane (bedrock.{region}.
// amazonaws.com): GetInferenceProfile and ListInferenceProfiles (GET
// /inference-profiles/{inferenceProfileIdentifier}, GET
// /inference-profiles), GetFoundationModel and ListFoundationModels (GET
// /foundation-models/{modelIdentifier}, GET /foundation-models). A test
// asks one to find the model behind an application inference profile
// before it calls Converse. The answers describe the account that
// recorded them (ARNs, dates, the models a profile routes to), as a
// model list does: data, shown as recorded. Source:
// docs.aws.amazon.com/bedrock/latest/APIReference
// (API_GetInferenceProfile, API_ListFoundationModels).
var bedrockModelsProvider = provider{
	family: FamilyBedrockModels, title: "Amazon Bedrock models and inference profiles", environment: true, calls: true,
	paths:  []string{"/inference-profiles", "/foundation-models"},
	within: []string{"/inference-profiles/", "/foundation-models/"},
}
