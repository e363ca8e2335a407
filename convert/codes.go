package convert

// The closed table of diagnostic codes. A code names one event (something
// a step invented, approximated or dropped); its severity and default
// quantities come from this table, so every site that reports the event says
// the same thing about it. README.md's diagnostic tables are generated from
// it (go test ./internal/archtest -run TestDiagnosticTable -update).

// Sections group the README tables by the package that reports the codes.
const (
	secGraph = "Mass properties and the graph (`convert`, `convert/mass`, `convert/kin`)"
	secGLTF  = "glTF: KHR and OMI (`khr`, `omi`, `internal/gltfx`)"
	secURDF  = "URDF (`urdf`, `internal/meshio`); codes several emitters share"
	secMJCF  = "MJCF (`mjcf`)"
	secGodot = "Godot (`godot`, `internal/tscn`)"
	secBatch = "Batch (`physconv batch`; each failed input gets one of these)"
	secSide  = "Side files (every format; see [Where side files come from](#where-side-files-come-from))"
)

// Diagnostic codes: one constant per event.
const (
	CodeTransmissionKept            Code = "transmission-kept"
	CodeLockDropped                 Code = "lock-dropped"
	CodeGravityAsFactors            Code = "gravity-as-factors"
	CodeGravityFactorsAsScene       Code = "gravity-factors-as-scene"
	CodeGravityFromProject          Code = "gravity-from-project"
	CodeGravityDropped              Code = "gravity-dropped"
	CodeGravityVolumeKept           Code = "gravity-volume-kept"
	CodePlaneRead                   Code = "plane-read"
	CodeLimitEmpty                  Code = "limit-empty"
	CodeSolverSettingsDropped       Code = "solver-settings-dropped"
	CodeJointSolverDropped          Code = "joint-solver-dropped"
	CodeJointComplianceChanged      Code = "joint-compliance-changed"
	CodeVelocityDropped             Code = "velocity-dropped"
	CodeLockAsInertia               Code = "lock-as-inertia"
	CodeDampingDropped              Code = "damping-dropped"
	CodeIntegratorDropped           Code = "integrator-dropped"
	CodeCCDDropped                  Code = "ccd-dropped"
	CodeGodot3ComOrigin             Code = "godot3-com-origin"
	CodeDriveGainsDropped           Code = "drive-gains-dropped"
	CodeXacroWarning                Code = "xacro-warning"
	CodeXacroLiteral                Code = "xacro-literal"
	CodeBulletInertiaScaling        Code = "bullet-inertia-scaling"
	CodeGLTFZeroScale               Code = "gltf-zero-scale"
	CodeMjcfWeldedExclude           Code = "mjcf-welded-exclude"
	CodeActuatorDefaultGains        Code = "actuator-default-gains"
	CodeActuatorKept                Code = "actuator-kept"
	CodeActuatorsDropped            Code = "actuators-dropped"
	CodeGodotResourceUnreadable     Code = "godot-resource-unreadable"
	CodeGodotMotorUnlimited         Code = "godot-motor-unlimited"
	CodeGodotMotorGainsDropped      Code = "godot-motor-gains-dropped"
	CodeGodotDriveApproximated      Code = "godot-drive-approximated"
	CodeInputLinkOutside            Code = "input-link-outside"
	CodePackageAsFolder             Code = "package-as-folder"
	CodePackageGuessed              Code = "package-guessed"
	CodeRelativeFoundAbove          Code = "relative-found-above"
	CodeMassComputed                Code = "mass-computed"
	CodeMassDefaulted               Code = "mass-defaulted"
	CodeMassInvalid                 Code = "mass-invalid"
	CodeInertiaRepaired             Code = "inertia-repaired"
	CodeInertiaInvalid              Code = "inertia-invalid"
	CodeInertialIncomplete          Code = "inertial-incomplete"
	CodeInertiaProductsDefaulted    Code = "inertia-products-defaulted"
	CodeShapeFlatRead               Code = "shape-flat-read"
	CodeXMLAfterRootIgnored         Code = "xml-after-root-ignored"
	CodeGlobalCoordinates           Code = "global-coordinates"
	CodeDefaultClassRenamed         Code = "default-class-renamed"
	CodeDrakeGeometryRead           Code = "drake-geometry-read"
	CodeWorldLinkImplied            Code = "world-link-implied"
	CodeShapeMassless               Code = "shape-massless"
	CodeShapeScaledNonuniform       Code = "shape-scaled-nonuniform"
	CodeMeshNotLoaded               Code = "mesh-not-loaded"
	CodeMeshInvalid                 Code = "mesh-invalid"
	CodeMeshOpenShell               Code = "mesh-open-shell"
	CodeMeshInverted                Code = "mesh-inverted"
	CodeConvexDegenerate            Code = "convex-degenerate"
	CodeTreeRootNotFound            Code = "tree-root-not-found"
	CodeTreeRootIgnored             Code = "tree-root-ignored"
	CodeTreeRootChosen              Code = "tree-root-chosen"
	CodeJointSameBody               Code = "joint-same-body"
	CodeJointBadConnection          Code = "joint-bad-connection"
	CodeSeveralFreeBodies           Code = "several-free-bodies"
	CodeVerifyMismatch              Code = "verify-mismatch"
	CodeLegacyRevision              Code = "legacy-revision"
	CodeLegacyForm                  Code = "legacy-form"
	CodeLegacyCapsuleHeight         Code = "legacy-capsule-height"
	CodeCapsuleHeightClamped        Code = "capsule-height-clamped"
	CodeMotionTypeMissing           Code = "motion-type-missing"
	CodeMassZero                    Code = "mass-zero"
	CodeInertiaPartlyZero           Code = "inertia-partly-zero"
	CodeInertiaOrientationMisplaced Code = "inertia-orientation-misplaced"
	CodeInertiaAsymmetric           Code = "inertia-asymmetric"
	CodeBodyKindApproximated        Code = "body-kind-approximated"
	CodeTriggerShapeAndNodes        Code = "trigger-shape-and-nodes"
	CodeTriggerMemberInvalid        Code = "trigger-member-invalid"
	CodeJointLimitEmpty             Code = "joint-limit-empty"
	CodeStiffnessNegative           Code = "stiffness-negative"
	CodeJointConstraintOverridden   Code = "joint-constraint-overridden"
	CodeVehicleNotDynamic           Code = "vehicle-not-dynamic"
	CodeImageMissing                Code = "image-missing"
	CodeExtensionCarried            Code = "extension-carried"
	CodeExtensionIgnored            Code = "extension-ignored"
	CodeKeptAsOmiExtension          Code = "kept-as-omi-extension"
	CodeKeptInExtras                Code = "kept-in-extras"
	CodeNameHintApplied             Code = "name-hint-applied"
	CodeNameHintConflict            Code = "name-hint-conflict"
	CodeNameHintIgnored             Code = "name-hint-ignored"
	CodeCompoundColliderDropped     Code = "compound-collider-dropped"
	CodeCompoundTriggerListed       Code = "compound-trigger-listed"
	CodeStaticMotionDropped         Code = "static-motion-dropped"
	CodeStaticJointApart            Code = "static-joint-apart"
	CodeStaticBodyReparented        Code = "static-body-reparented"
	CodeStaticBodyAdded             Code = "static-body-added"
	CodeShapeConverted              Code = "shape-converted"
	CodeTriggerDropped              Code = "trigger-dropped"
	CodeMassInfinite                Code = "mass-infinite"
	CodeInertiaInfinite             Code = "inertia-infinite"
	CodeCenterOfMassDefaulted       Code = "center-of-mass-defaulted"
	CodeJointDropped                Code = "joint-dropped"
	CodeMeshFloat32                 Code = "mesh-float32"
	CodeVisualDropped               Code = "visual-dropped"
	CodeTextureDropped              Code = "texture-dropped"
	CodeShaderDropped               Code = "shader-dropped"
	CodeAnimationDropped            Code = "animation-dropped"
	CodeLinkOrphan                  Code = "link-orphan"
	CodeLinkRootFixed               Code = "link-root-fixed"
	CodeLinkMasslessFrame           Code = "link-massless-frame"
	CodeLinkMassless                Code = "link-massless"
	CodeMasslessBody                Code = "massless-body"
	CodeAxisNormalized              Code = "axis-normalized"
	CodeLimitInverted               Code = "limit-inverted"
	CodeContinuousLimitIgnored      Code = "continuous-limit-ignored"
	CodeElementKept                 Code = "element-kept"
	CodeElementIgnored              Code = "element-ignored"
	CodeMeshMissing                 Code = "mesh-missing"
	CodeMimicDropped                Code = "mimic-dropped"
	CodeNameChanged                 Code = "name-changed"
	CodeJointLoopDropped            Code = "joint-loop-dropped"
	CodeJointKindUnsupported        Code = "joint-kind-unsupported"
	CodeDummyLinkMass               Code = "dummy-link-mass"
	CodeFloatingJointAdded          Code = "floating-joint-added"
	CodeJointFramesApart            Code = "joint-frames-apart"
	CodeJointFramesRounded          Code = "joint-frames-rounded"
	CodeDriveDropped                Code = "drive-dropped"
	CodeJointFieldDropped           Code = "joint-field-dropped"
	CodeLimitSoftDropped            Code = "limit-soft-dropped"
	CodeLimitUnbounded              Code = "limit-unbounded"
	CodeCapsuleSplit                Code = "capsule-split"
	CodeCapsuleExtension            Code = "capsule-extension"
	CodeMaterialDropped             Code = "material-dropped"
	CodeCollisionFilterDropped      Code = "collision-filter-dropped"
	CodeMeshThickened               Code = "mesh-thickened"
	CodeShapeApproximated           Code = "shape-approximated"
	CodeShapeDropped                Code = "shape-dropped"
	CodeVehicleDropped              Code = "vehicle-dropped"
	CodeMassKeptExplicit            Code = "mass-kept-explicit"
	CodeLegacyAttribute             Code = "legacy-attribute"
	CodeFieldDropped                Code = "field-dropped"
	CodeInertialIgnored             Code = "inertial-ignored"
	CodeMassBounded                 Code = "mass-bounded"
	CodeInertiaBalanced             Code = "inertia-balanced"
	CodeMassScaled                  Code = "mass-scaled"
	CodeMassFromGeoms               Code = "mass-from-geoms"
	CodeMassApproximated            Code = "mass-approximated"
	CodeGravityCompensation         Code = "gravity-compensation"
	CodeCollisionFilterApproximated Code = "collision-filter-approximated"
	CodeJointStackSplit             Code = "joint-stack-split"
	CodeJointRefRebased             Code = "joint-ref-rebased"
	CodeFixedJointImplicit          Code = "fixed-joint-implicit"
	CodeFreeJointImplicit           Code = "free-joint-implicit"
	CodeJointParameterMerged        Code = "joint-parameter-merged"
	CodeConstraintKept              Code = "constraint-kept"
	CodeContactPairKept             Code = "contact-pair-kept"
	CodeGeomContactKept             Code = "geom-contact-kept"
	CodeMjcfSectionKept             Code = "mjcf-section-kept"
	CodeFileBesideInclude           Code = "file-beside-include"
	CodeMeshFirstObject             Code = "mesh-first-object"
	CodeNonPhysicsDropped           Code = "non-physics-dropped"
	CodeReplicateExpanded           Code = "replicate-expanded"
	CodeAttachExpanded              Code = "attach-expanded"
	CodeScaleBaked                  Code = "scale-baked"
	CodeGravityFactorDropped        Code = "gravity-factor-dropped"
	CodeJointLimitApproximated      Code = "joint-limit-approximated"
	CodeDriveAsActuator             Code = "drive-as-actuator"
	CodeDriveApproximated           Code = "drive-approximated"
	CodeFrictionApproximated        Code = "friction-approximated"
	CodeFrictionCombineMaximum      Code = "friction-combine-maximum"
	CodeLockAsSlides                Code = "lock-as-slides"
	CodeRestitutionDropped          Code = "restitution-dropped"
	CodeCollisionBits               Code = "collision-bits"
	CodeCollisionFilterWidened      Code = "collision-filter-widened"
	CodeDrakeReflectedInertia       Code = "drake-reflected-inertia"
	CodeDrakeFriction               Code = "drake-friction"
	CodeCouplingDropped             Code = "coupling-dropped"
	CodeMjcfSectionDropped          Code = "mjcf-section-dropped"
	CodeOptionDropped               Code = "option-dropped"
	CodeOptionApproximated          Code = "option-approximated"
	CodeTendonApproximated          Code = "tendon-approximated"
	CodeTendonAsDistanceJoint       Code = "tendon-as-distance-joint"
	CodeDistanceJointAsTendon       Code = "distance-joint-as-tendon"
	CodeTendonAsCoupling            Code = "tendon-as-coupling"
	CodeTendonDropped               Code = "tendon-dropped"
	CodeSitesDropped                Code = "sites-dropped"
	CodeContactParamsDropped        Code = "contact-params-dropped"
	CodePointMassInertia            Code = "point-mass-inertia"
	CodeFrictionAnisotropic         Code = "friction-anisotropic"
	CodeContactMaterialRead         Code = "contact-material-read"
	CodeURDFFrictionDefault         Code = "urdf-friction-default"
	CodeMaterialPerLink             Code = "material-per-link"
	CodeCombineDropped              Code = "combine-dropped"
	CodeGodotInstanceOpaque         Code = "godot-instance-opaque"
	CodeGodotProjectGravity         Code = "godot-project-gravity"
	CodeGodotInstanceUnread         Code = "godot-instance-unread"
	CodeJointChainFused             Code = "joint-chain-fused"
	CodeGodotNodeVanished           Code = "godot-node-vanished"
	CodeGodotStartsAsleep           Code = "godot-starts-asleep"
	CodeGodotTextRunOn              Code = "godot-text-run-on"
	CodeGodotProcessOff             Code = "godot-process-off"
	CodeGodotTransformSkew          Code = "godot-transform-skew"
	CodeGodotTransformDegenerate    Code = "godot-transform-degenerate"
	CodeGodotResourceDropped        Code = "godot-resource-dropped"
	CodeGodotResourceMissing        Code = "godot-resource-missing"
	CodeGodotScriptDropped          Code = "godot-script-dropped"
	CodeGodotScriptDefaults         Code = "godot-script-defaults"
	CodeGodotPhysicalBone           Code = "godot-physical-bone"
	CodeGodotUnsupportedNode        Code = "godot-unsupported-node"
	CodeGodotGridMapRead            Code = "godot-gridmap-read"
	CodeGodot3BodiesLifted          Code = "godot3-bodies-lifted"
	CodeGodot3KinematicMaterial     Code = "godot3-kinematic-material"
	CodeJointSplitContacts          Code = "joint-split-contacts"
	CodeGodot3NodesLifted           Code = "godot3-nodes-lifted"
	CodeGodotGridMapEmpty           Code = "godot-gridmap-empty"
	CodeGodotMassDefault            Code = "godot-mass-default"
	CodeGodotInertiaPartial         Code = "godot-inertia-partial"
	CodeGodotScaleRounded           Code = "godot-scale-rounded"
	CodeGodotPropertyKept           Code = "godot-property-kept"
	CodeGodotConstantForce          Code = "godot-constant-force"
	CodeGazeboGravityOff            Code = "gazebo-gravity-off"
	CodeGodotShapeOrphan            Code = "godot-shape-orphan"
	CodeGodotShapeDisabled          Code = "godot-shape-disabled"
	CodeGodotShapeMissing           Code = "godot-shape-missing"
	CodeGodotShapeMoved             Code = "godot-shape-moved"
	CodeGodotMaterialRough          Code = "godot-material-rough"
	CodeGodotMaterialAbsorbent      Code = "godot-material-absorbent"
	CodeGodotJointUnconnected       Code = "godot-joint-unconnected"
	CodeGodotLimitInverted          Code = "godot-limit-inverted"
	CodeGodotMotorImpulse           Code = "godot-motor-impulse"
	CodeGodotMotorDamping           Code = "godot-motor-damping"
	CodeEngineGravity               Code = "engine-gravity"
	CodeGodotWheelDefault           Code = "godot-wheel-default"
	CodeGodotInertiaBaked           Code = "godot-inertia-baked"
	CodeGodotWeldStatic             Code = "godot-weld-static"
	CodeGodotWeldFused              Code = "godot-weld-fused"
	CodeGodotInertiaAxes            Code = "godot-inertia-axes"
	CodeGodotPropsDropped           Code = "godot-props-dropped"
	CodeGodotComDropped             Code = "godot-com-dropped"
	CodeGodotInertiaDropped         Code = "godot-inertia-dropped"
	CodeGodotBodyScaled             Code = "godot-body-scaled"
	CodeGodotFilterMerged           Code = "godot-filter-merged"
	CodeGodotMaterialMerged         Code = "godot-material-merged"
	CodeGodotFrictionStaticDropped  Code = "godot-friction-static-dropped"
	CodeGodotCombineDefault         Code = "godot-combine-default"
	CodeGodotInertiaAsLocks         Code = "godot-inertia-as-locks"
	CodeGodotCombineApproximated    Code = "godot-combine-approximated"
	CodeGodotLayersExhausted        Code = "godot-layers-exhausted"
	CodeGodotLayerAssigned          Code = "godot-layer-assigned"
	CodeGodotJointRebased           Code = "godot-joint-rebased"
	CodeGodotJointAnchored          Code = "godot-joint-anchored"
	CodeGodotMotorInert             Code = "godot-motor-inert"
	CodeOutputOverLimits            Code = "output-over-limits"
	CodeGodotWheelOrphan            Code = "godot-wheel-orphan"
	CodeGodotWheelMaterialDropped   Code = "godot-wheel-material-dropped"
	CodeGodotEngineInertia          Code = "godot-engine-inertia"
	CodeWheelJointed                Code = "wheel-jointed"
	CodeGodotThrusterInert          Code = "godot-thruster-inert"
	CodeGodotMaterialDefault        Code = "godot-material-default"
	CodeMJCFMaterialDefault         Code = "mjcf-material-default"
	CodeGodotConvexPoints           Code = "godot-convex-points"
	CodeGodotVelocityDropped        Code = "godot-velocity-dropped"
	CodeGodotKinematicMassDropped   Code = "godot-kinematic-mass-dropped"
	CodeGodotCouplingMetadata       Code = "godot-coupling-metadata"
	CodeInputMalformed              Code = "input-malformed"
	CodeInputUnsupported            Code = "input-unsupported"
	CodeConversionFailed            Code = "conversion-failed"
	CodeStrictWarnings              Code = "strict-warnings"
	CodeDiagnosticIsError           Code = "diagnostic-is-error"
	CodeOutputCollision             Code = "output-collision"
	CodeTargetMissing               Code = "target-missing"
	CodeTargetUnknown               Code = "target-unknown"
	CodeWriteFailed                 Code = "write-failed"
	CodeBatchCanceled               Code = "batch-canceled"
	CodeSideFileOutsideSource       Code = "side-file-outside-source"
	CodeInputNotRecognised          Code = "input-not-recognised"
)

var codeTable = []CodeInfo{

	// Mass properties and the graph
	{CodeMassComputed, Info, secGraph, Qs(QMass, QCenterOfMass, QInertia), false, "mass, centre of mass or inertia integrated from the colliders (density `--density`, or scaled to a given mass)"},
	{CodeMassDefaulted, Warning, secGraph, Qs(QMass, QCenterOfMass, QInertia), true, "no collider with volume: default mass (1 kg), centre of mass (origin) or inertia (solid sphere of that mass) used (an info for a kinematic body, which no force moves); OMI emit: mass unknown, readers assume 1 kg"},
	{CodeMassInvalid, Warning, secGraph, Qs(QMass, QCenterOfMass), false, "a given mass ≤ 0 or NaN, or a non-finite centre of mass, is ignored and computed"},
	{CodeInertiaRepaired, Warning, secGraph, Qs(QInertia), false, "given principal moments not physical (non-positive; or breaking the triangle inequality, in MJCF and URDF output, whose engine refuses them: glTF and Godot keep them); repaired values used"},
	{CodeInertiaInvalid, Warning, secGraph, Qs(QInertia), false, "given inertia unusable; computed instead"},
	{CodeEngineGravity, Info, secGraph, Qs(QGravity), false, "the source engine's default gravity differs from the target's (Godot's 9.8 m/s², MuJoCo's, URDF simulators' and glTF's 9.81): the source's is kept as the scene's gravity, written as the target can (a scene gravity, every body's gravity factor, or said dropped)"},
	{CodeGravityAsFactors, Info, secGraph, Qs(QGravity), false, "the scene's gravity (a zero-g or low-g scene) is written as every body's gravity factor, relative to the target engine's default gravity"},
	{CodeGravityFactorsAsScene, Info, secGraph, Qs(QGravity), false, "every body shares one gravity factor, which a target without factors writes as the scene's gravity"},
	{CodeGravityFromProject, Info, secGraph, Qs(QGravity), false, "the scene's gravity is its Godot project's default (project.godot): a Godot output leaves it to the project it is placed in rather than scale its bodies' gravity"},
	{CodeGravityDropped, Warning, secGraph, Qs(QGravity), false, "the scene's gravity has no form in the target (no scene gravity, and no per-body factors or not along the vertical): the engine's default gravity applies"},
	{CodeVelocityDropped, Warning, secGraph, Qs(QVelocity), false, "a body's initial linear or angular velocity has no form in the target (URDF, MJCF): the body starts at rest"},
	{CodeJointSolverDropped, Warning, secGraph, Qs(QJointParam), false, "a joint's engine-specific solver parameters (Godot limit softness, bias, relaxation, restitution, damping …) have no form in the target or its joint class: the engine's defaults apply, so the joint responds differently"},
	{CodeJointComplianceChanged, Warning, secGraph, Qs(QJointKind), false, "a weld changes stiffness: one a Godot scene holds softly (Godot solves every joint iteratively, so welded bodies give under load) is written where a fixed joint is rigid (MJCF, URDF), so a pair that bent at its weld stays straight; or a rigid fixed joint Godot output cannot make one body (see godot-weld-fused) becomes a Generic6DOF joint that gives under load"},
	{CodeSolverSettingsDropped, Warning, secGraph, Qs(QData), false, "the source's scene-wide simulator settings (MJCF time step, integrator, disabled contacts or constraints …) have no form in the target: its engine's own apply, so the scene moves differently"},
	{CodeShapeMassless, Warning, secGraph, Qs(QMass, QCenterOfMass, QInertia), false, "plane, heightfield or ray on a moving body adds no mass"},
	{CodeShapeScaledNonuniform, Info, secGraph, Qs(QShape), false, "sphere, capsule or cylinder under non-uniform scale: mass exact for the stretched shape, formats may approximate the shape"},
	{CodeMeshNotLoaded, Warning, secGraph, Qs(QMass, QCenterOfMass, QInertia, QShape), false, "mesh file not loaded; the collider adds no mass"},
	{CodeMeshInvalid, Warning, secGraph, Qs(QMass, QCenterOfMass, QInertia, QShape), false, "missing shape or mesh, bad indices or non-finite vertices; no mass"},
	{CodeMeshOpenShell, Warning, secGraph, Qs(QMass, QCenterOfMass, QInertia), false, "open or inconsistently wound trimesh integrated as a shell weighing its hull's volume"},
	{CodeMeshInverted, Info, secGraph, Qs(QMass, QCenterOfMass, QInertia), false, "closed mesh wound inside out; integrated flipped"},
	{CodeConvexDegenerate, Warning, secGraph, Qs(QMass, QCenterOfMass, QInertia), false, "convex mesh is flat or collinear: no volume, no mass"},
	{CodeTreeRootNotFound, Warning, secGraph, Qs(QStructure), false, "`--root` names no body"},
	{CodeTreeRootIgnored, Info, secGraph, Qs(QStructure), false, "`--root`'s group is already attached to the world"},
	{CodeTreeRootChosen, Warning, secGraph, Qs(QStructure, QLimit), false, "a free group of bodies has no single top body in the node hierarchy (a flat scene): the heaviest top roots it, joints toward it are reversed and their limits negated"},
	{CodeJointSameBody, Warning, secGraph, Qs(QStructure), false, "both joint frames are in one body, or both outside every body the target writes (fixed in the world): the joint constrains nothing and is left out (no format's reader takes one)"},
	{CodeJointBadConnection, Warning, secGraph, Qs(QStructure, QJointKind), false, "a joint's connected node does not exist; joint left out"},
	{CodeSeveralFreeBodies, Warning, secGraph, Qs(QStructure), false, "several free bodies hang from a `world` link by floating joints"},
	{CodeVerifyMismatch, Warning, secGraph, Qs(QData), false, "the output, read back, differs from what was written in a quantity no diagnostic explains (the message names it and both values), or does not read back; `--no-verify` skips the check"},
	{CodeOutputOverLimits, Warning, secGraph, Qs(QData), false, "the written file expands to more nodes, triangles or numbers than the conversion's limits let a reader take (a height field written as a mesh): reading it back needs them raised"},
	{CodeTendonAsDistanceJoint, Info, secGraph, Qs(QTendon, QLoop), false, "a limited spatial tendon that is one straight segment between two sites is written as a joint limiting the distance between the two frames (a 3-axis linear limit); what the joint does not carry of it (spring, damping, friction loss, armature, limit margin and softness) is named in a field-dropped warning"},
	{CodeDistanceJointAsTendon, Info, secGraph, Qs(QLoop, QTendon), false, "a joint that only limits the distance between its two frames (3-axis linear limit, rotation free) is written as a limited spatial tendon between two sites"},
	{CodeTendonAsCoupling, Info, secGraph, Qs(QTendon, QCoupling), false, "a fixed tendon held at a constant length (equality tendon) between two joints is read as a joint coupling"},
	{CodeTendonDropped, Warning, secGraph, Qs(QTendon), false, "the target has no tendons and cannot say this one another way (wrapping, pulleys, more than two sites, springs, a fixed tendon); its length limit, spring and damping are lost. A limited two-site tendon whose sites are fixed in one body (or both in the world) constrains nothing and is dropped too"},
	{CodeSitesDropped, Info, secGraph, Qs(QData), false, "the target has no sites (named frames): those not used by a written distance joint are dropped"},
	{CodeContactParamsDropped, Warning, secGraph, Qs(QMaterial), false, "rolling/spinning friction or contact stiffness/damping of a material have no form in the target (only URDF keeps stiffness; URDF and MJCF keep rolling friction); dropped"},
	{CodeJointChainFused, Info, secGraph, Qs(QStructure, QJointKind, QName, QBodyKind), false, "two joints that meet at a massless body with nothing of its own (a planar base's slide links) are one joint where the target's engine solves bodies in world coordinates (Godot), in which a chain through a massless stand-in comes apart under load; the fused joint moves along and about the same axes, and the massless body is a plain frame. Three joints turning freely about perpendicular axes through one point, through two stand-in bodies (massless, or the 1e-9 kg dummy links URDF output writes a ball joint with), are one ball joint"},
	{CodePointMassInertia, Info, secGraph, Qs(QInertia), false, "a point mass (given mass, zero moments) is kept as such; targets that read zero moments as infinite (KHR), as \"compute\" (OMI, Godot) or refuse them (MuJoCo) get 1e-12 kg·m² moments (a kinematic body's too in glTF, whose readers read its mass properties back)"},

	// glTF: KHR and OMI
	{CodeLegacyRevision, Info, secGLTF, Qs(QData), false, "an older KHR revision (MSFT_*, KHR_rigid_bodies, KHR_collision_shapes) read as the current one"},
	{CodeLegacyForm, Info, secGLTF, Qs(QData), false, "an old OMI spelling or layout read as the current one"},
	{CodeLegacyCapsuleHeight, Info, secGLTF, Qs(QShape), false, "OMI capsule with one `radius`: `height` read as the full height"},
	{CodeCapsuleHeightClamped, Warning, secGLTF, Qs(QShape, QMass, QCenterOfMass, QInertia), false, "legacy full capsule height shorter than the diameter"},
	{CodeMotionTypeMissing, Info, secGLTF, Qs(QBodyKind), false, "OMI motion without `type`, read as dynamic"},
	{CodeMassZero, Warning, secGLTF, Qs(QMass), false, "OMI mass 0 (undefined): mass computed"},
	{CodeInertiaPartlyZero, Warning, secGLTF, Qs(QInertia), false, "some OMI inertia components are 0: the whole diagonal is computed"},
	{CodeInertiaOrientationMisplaced, Warning, secGLTF, Qs(QInertia), false, "4 numbers under `inertiaDiagonal` (a known exporter bug) read as the orientation"},
	{CodeInertiaAsymmetric, Warning, secGLTF, Qs(QInertia), false, "legacy OMI `inertiaTensor` not symmetric; its symmetric part used"},
	{CodeBodyKindApproximated, Warning, secGLTF, Qs(QBodyKind, QStructure), false, "legacy OMI `character` body read as kinematic"},
	{CodeTriggerShapeAndNodes, Warning, secGLTF, Qs(QTrigger), false, "trigger with both a shape and nodes"},
	{CodeTriggerMemberInvalid, Warning, secGLTF, Qs(QTrigger), false, "a compound trigger lists a node that is not a descendant trigger (KHR and OMI readers)"},
	{CodeJointLimitEmpty, Warning, secGLTF, Qs(QLimit), false, "a joint limit naming no axes restricts nothing; dropped"},
	{CodeStiffnessNegative, Info, secGLTF, Qs(QLimit), false, "negative limit stiffness read as a hard limit"},
	{CodeJointConstraintOverridden, Warning, secGLTF, Qs(QLimit, QJointKind), false, "stage-1 OMI \"later constraint wins\" rule applied"},
	{CodeVehicleNotDynamic, Warning, secGLTF, Qs(QVehicle, QBodyKind), false, "vehicle body on a node without dynamic motion"},
	{CodeImageMissing, Warning, secGLTF, Qs(QVisual, QData), false, "an image file cannot be read; its reference is kept"},
	{CodeExtensionCarried, Info, secGLTF, Qs(QData, QVehicle), false, "OMI vehicle/seat/spawn data in a KHR file kept unchanged"},
	{CodeGravityVolumeKept, Warning, secGLTF, Qs(QGravity), false, "a trigger volume that changes the gravity (or, in Godot, the damping) of the bodies in it — an OMI_physics_gravity field, a Godot area's space override — has no Graph form: output in the source's format keeps it, other formats lose it"},
	{CodeExtensionIgnored, Warning, secGLTF, Qs(QData), false, "OMI physics in a file read as KHR is ignored (use `--from omi`)"},
	{CodeKeptAsOmiExtension, Warning, secGLTF, Qs(QVehicle, QData), false, "KHR has no vehicles/seats/spawn points: kept as the OMI extension beside KHR"},
	{CodeKeptInExtras, Info, secGLTF, Qs(QJointParam, QCoupling, QVehicle, QData), false, "robot joint properties, mimic couplings or vehicle data kept in node `extras.physconv` (physics engines ignore extras; physconv reads them back)"},
	{CodeNameHintApplied, Info, secGLTF, Qs(QShape, QBodyKind, QStructure), false, "`--collision-names`: a node named with a collision suffix became a collider (and, for `-rigid`, a dynamic body); says which, and whether its mesh is still rendered"},
	{CodeNameHintConflict, Warning, secGLTF, Qs(QShape), false, "`--collision-names`: the node already has physics from an extension, which wins; the name hint is not applied"},
	{CodeNameHintIgnored, Warning, secGLTF, Qs(QShape), false, "`--collision-names`: the suffixed node has no mesh (or no triangles), or is not in the scene; nothing added"},
	{CodeCompoundColliderDropped, Info, secGLTF, Qs(QStructure), false, "OMI `collider: {}` has no KHR form; descendants still join the body"},
	{CodeCompoundTriggerListed, Info, secGLTF, Qs(QTrigger), false, "implicit compound trigger written with an explicit `nodes` list"},
	{CodeStaticMotionDropped, Info, secGLTF, Qs(QBodyKind, QStructure), false, "static OMI motion written as KHR collider without motion"},
	{CodeStaticJointApart, Info, secGLTF, Qs(QFilter), false, "a joint to a static body, which KHR writes as colliders without motion, holds the other body to the world: the two bodies' colliders are kept apart by collision filters of their own (`body:<name>` systems), as the joint kept them (a warning where their filters list the systems they collide with, which cannot)"},
	{CodeStaticBodyReparented, Warning, secGLTF, Qs(QStructure, QPose), false, "static body inside a moving body moved to the scene root (same world pose), else KHR would merge it"},
	{CodeStaticBodyAdded, Info, secGLTF, Qs(QStructure), false, "a joint's world-side frame becomes a static OMI body (OMI needs a body there)"},
	{CodeShapeConverted, Info, secGLTF, Qs(QShape), false, "heightfield written as a triangle mesh"},
	{CodeTriggerDropped, Warning, secGLTF, Qs(QTrigger), false, "compound trigger without members, or a trigger whose shape cannot be written, dropped"},
	{CodeMassInfinite, Warning, secGLTF, Qs(QMass, QInertia, QBodyKind), true, "an infinite mass or moment (KHR's zero) the target cannot store (OMI: a kinematic body, or a dynamic one a million times the heaviest other body's when no gravity acts on it; URDF: no `<inertial>`; MJCF: welded, or finite stand-ins it names; Godot: its default mass). An info where the output moves exactly as the source: a free body of infinite mass that feels no gravity (whether gravity accelerates one, KHR leaves open) turns in MJCF on a hinge or ball joint through its centre of mass, about its finite moments, and keeps its centre of mass in place in Godot with linear axis locks and a mass a million times the heaviest other body's"},
	{CodeInertiaInfinite, Warning, secGLTF, Qs(QInertia), false, "infinite moments written as 10⁶ × the largest finite moment"},
	{CodeCenterOfMassDefaulted, Warning, secGLTF, Qs(QCenterOfMass), false, "centre of mass unknown: OMI readers put it at the origin"},
	{CodeJointDropped, Warning, secGLTF, Qs(QJointKind, QStructure), false, "joint without a connected node"},
	{CodeMeshFloat32, Info, secGLTF, Qs(QShape), false, "glTF stores vertex positions as 32-bit floats: a mesh written from another format is rounded (the message gives the largest change)"},
	{CodeVisualDropped, Info, secGLTF, Qs(QVisual), false, "visuals not carried: a visual whose mesh has no triangles to draw (file missing or unreadable) in glTF output; a Godot mesh type with no visual form (an `ArrayMesh` with compressed or 2D positions or no triangles, a turned or offset `PlaneMesh`); in Godot 3 output, a Godot 4 mesh resource"},
	{CodeShaderDropped, Info, secGLTF, Qs(QVisual), false, "how a visual is shaded beyond its base colour and base-colour texture is not carried: a Godot ShaderMaterial (drawn in the target's default colour; Godot output keeps it), a glTF material's other maps and extensions (normal, metallic-roughness, occlusion, emissive, KHR_materials_*) in non-glTF output"},
	{CodeAnimationDropped, Info, secGLTF, Qs(QVisual), false, "animations are not carried: a Godot AnimationPlayer or AnimationTree (Godot output keeps it), a glTF source's animations in non-glTF output; a skinned glTF mesh is drawn in its bind pose"},
	{CodeTextureDropped, Info, secGLTF, Qs(QVisual), false, "a visual's texture or mesh-file material is not carried: its image or material library is missing, unreadable or not PNG/JPEG, its mesh has no texture coordinates, (MJCF) it is a builtin, cube or skybox texture, or the output is Godot 3; the visual keeps its colour. Also: a file a copied mesh file names (.mtl, image) cannot be read or is named by absolute path or URL, so it is not written beside the copy"},

	// URDF
	{CodeLinkOrphan, Warning, secURDF, Qs(QStructure), false, "link joined to nothing, with no mass or collision: kept as a visual frame"},
	{CodeGazeboGravityOff, Info, secURDF, Qs(QGravity), false, "a link Gazebo turns gravity off for (`<gazebo reference>` with `<turnGravityOff>true` or `<gravity>false`) is read with a gravity factor of 0; URDF output writes it back so"},
	{CodeLinkRootFixed, Info, secURDF, Qs(QBodyKind, QStructure), false, "massless root link treated as the fixed world (a static body when it has collisions)"},
	{CodeLinkMasslessFrame, Info, secURDF, Qs(QStructure, QMass), false, "massless link on a fixed joint kept as a frame of its parent's body (fixed to the world with collisions of its own: a static body)"},
	{CodeInertialIncomplete, Warning, secURDF, Qs(QMass, QCenterOfMass, QInertia), false, "an `<inertial>` without `<inertia>`, or with a `<density>` instead of a `<mass>` (Isaac Gym's reading): what it lacks is computed from the link's collisions, at its density if it gives one (urdfdom drops such an inertial, MuJoCo refuses it)"},
	{CodeInertiaProductsDefaulted, Warning, secURDF, Qs(QInertia), false, "an `<inertia>` that gives the moments but leaves out products of inertia (ixy, ixz, iyz), as models made for PyBullet do: the missing products are read as zero, as PyBullet reads them (urdfdom refuses the file)"},
	{CodeLinkMassless, Warning, secURDF, Qs(QMass, QInertia), false, "massless link on a moving joint: it stays massless (mass 0, zero inertia); no mass is invented"},
	{CodeMasslessBody, Warning, secURDF, Qs(QMass, QInertia), true, "a massless moving body (URDF link without `<inertial>`): simulators reject it, so URDF, MJCF and Godot write a stand-in of 1e-9 kg and 1e-12 kg·m² (glTF writes the same stand-in and keeps the massless flag in `extras.physconv`); MJCF only for a body MuJoCo moves by joints of its own and no welded child gives mass. An info for a URDF link fixed to the world, which gets the stand-in so that readers keep it a link"},
	{CodeAxisNormalized, Info, secURDF, Qs(QAxis), false, "joint axis was not a unit vector"},
	{CodeLimitInverted, Warning, secURDF, Qs(QLimit, QJointKind), false, "a revolute or prismatic joint with lower > upper is read as unlimited, as MuJoCo and Bullet read it"},
	{CodeContinuousLimitIgnored, Warning, secURDF, Qs(QLimit), false, "a continuous (or planar) joint's `lower` and `upper` are ignored, as the URDF specification and urdfdom read it; MuJoCo's URDF import applies them as a range (a planar joint's to its first slide)"},
	{CodeElementKept, Info, secURDF, Qs(QData), false, "`<transmission>`, `<gazebo>`, `<calibration>`, `<safety_controller>` or unknown elements kept for URDF output only"},
	{CodeElementIgnored, Warning, secURDF, Qs(QShape, QMass, QCenterOfMass, QInertia, QAxis, QLimit, QJointParam, QCoupling, QVisual), false, "an element URDF allows once given again (a second child of `<geometry>`, a second `<inertial>`, a joint's second `<axis>`, `<limit>`, `<dynamics>` or `<mimic>`, a second global `<material>` of one name) is ignored: the first is read, as urdfdom and Bullet read it"},
	{CodeMeshMissing, Warning, secURDF, Qs(QVisual), false, "visual mesh not found; reference kept"},
	{CodeMimicDropped, Warning, secURDF, Qs(QCoupling), false, "a URDF mimic that cannot be kept (it names no joint of the robot, mimics itself, or ties a frame link), or a coupling URDF cannot express"},
	{CodeNameChanged, Info, secURDF, Qs(QName), true, "a name was taken or invalid in the target; written renamed (URDF, MJCF, Godot)"},
	{CodeJointLoopDropped, Warning, secURDF, Qs(QLoop), false, "loop-closing joint dropped (URDF is a tree; MJCF and Godot write no loop form for it)"},
	{CodeJointKindUnsupported, Warning, secURDF, Qs(QJointKind, QStructure), false, "ball/universal/cylindrical/cone-twist/generic joint written as a chain of dummy links"},
	{CodeJointSplitContacts, Warning, secURDF, Qs(QFilter), false, "a joint written through dummy links no longer keeps its two links from colliding: they are not parent and child any more, and simulators that skip contacts only between a link and its parent (MuJoCo) let them touch"},
	{CodeDummyLinkMass, Info, secURDF, Qs(QStructure, QMass), false, "dummy links get a tiny documented mass so simulators accept them"},
	{CodeFloatingJointAdded, Info, secURDF, Qs(QStructure), false, "a free body is joined to the world root by a floating joint"},
	{CodeJointFramesApart, Warning, secURDF, Qs(QFrame, QAxis, QLimit), false, "the joint's two frames do not coincide; one frame used for both (URDF and MJCF: the child's; Godot: frame A), which moves the axis and the limits' zero"},
	{CodeJointFramesRounded, Info, secURDF, Qs(QFrame, QAxis, QLimit), false, "the joint's two frames differ by single-precision rounding only (a glTF file's float32 frames: at most 1e-6 relative and 1e-6 rad); one frame is used for both, as for `joint-frames-apart`"},
	{CodeDriveDropped, Warning, secURDF, Qs(QDrive), false, "URDF has no drives"},
	{CodeJointFieldDropped, Warning, secURDF, Qs(QJointParam), false, "a joint value with no place in the target (URDF: armature; Godot: effort, velocity, damping, friction, armature)"},
	{CodeLimitSoftDropped, Warning, secURDF, Qs(QLimit), false, "a soft limit written as hard: URDF, MJCF and Godot joints drop the limit spring"},
	{CodeLimitUnbounded, Warning, secURDF, Qs(QLimit), false, "free prismatic joint written with ±1e9 m"},
	{CodeCapsuleSplit, Info, secURDF, Qs(QShape), false, "capsule written as a cylinder and two spheres (`--capsule cylinder-spheres`)"},
	{CodeDrakeGeometryRead, Info, secURDF, Qs(QShape), false, "Drake's `<drake:capsule>` and `<drake:ellipsoid>` geometries read as a capsule and an ellipsoid (URDF output writes what URDF has: see `capsule-split`, `shape-approximated`), and a `<mesh scale>` of one number as Drake reads it, a uniform scale"},
	{CodeWorldLinkImplied, Warning, secURDF, Qs(QStructure), false, "a joint names a parent link \"world\" the robot does not declare: read as the fixed world, as Gazebo and Drake read it (urdfdom and MuJoCo refuse the file; URDF output declares the link)"},
	{CodePlaneRead, Info, secURDF, Qs(QShape), false, "PyBullet's `<plane normal>` geometry read as an infinite plane through its origin (URDF output leaves it out: ROS readers refuse `<plane>`)"},
	{CodeCapsuleExtension, Info, secURDF, Qs(QShape), false, "capsule written as `<capsule>`, which ROS tools reject (`--capsule urdf-ext`)"},
	{CodeMaterialDropped, Warning, secURDF, Qs(QMaterial), false, "the target has no physics materials: friction and restitution dropped"},
	{CodeFrictionAnisotropic, Warning, secURDF, Qs(QMaterial), false, "Gazebo `<mu1>` and `<mu2>` differ; the Graph's friction is isotropic and takes `mu1` (the primary direction)"},
	{CodeContactMaterialRead, Info, secURDF, Qs(QMaterial), false, "Gazebo `<mu1>/<mu2>/<kp>/<kd>` or Bullet `<contact>` of a link read as the physics material of its collisions (friction, restitution, rolling/spinning friction, contact stiffness/damping)"},
	{CodeURDFFrictionDefault, Info, secURDF, Qs(QMaterial), false, "collisions without Gazebo or Bullet contact parameters have friction 1, as Gazebo (ODE's `mu`) and MuJoCo's URDF import simulate them; URDF output leaves such a material unwritten"},
	{CodeMaterialPerLink, Warning, secURDF, Qs(QMaterial), false, "URDF contact parameters are per link: a link whose collisions have different materials is written with the first one"},
	{CodeCombineDropped, Info, secURDF, Qs(QMaterial), false, "URDF contact parameters (Gazebo, Bullet) have no friction or restitution combine rule, MJCF no restitution combine rule; the material's is not kept"},
	{CodeCollisionFilterDropped, Warning, secURDF, Qs(QFilter), false, "URDF output has no collision filters (a Drake source's groups are kept for URDF output as they were)"},
	{CodeMeshThickened, Warning, secURDF, Qs(QShape), false, "flat collision mesh (a floor) thickened behind its front face so simulators can take its hull (URDF and MJCF output)"},
	{CodeShapeApproximated, Warning, secURDF, Qs(QShape, QMass, QCenterOfMass, QInertia), true, "a shape written approximately by the lowering pass (tapered radii as the larger, finite plane as a 1 mm box or an infinite plane, ellipsoid as a convex mesh, triangle mesh as its hull); all targets"},
	{CodeWheelJointed, Warning, secURDF, Qs(QVehicle, QBodyKind, QJointKind, QMass, QShape), false, "a vehicle wheel becomes a wheel body (2 % of the vehicle's mass) on a spin hinge below a suspension slide with the wheel's stiffness, damping and travel (URDF: damping only); its steering, propulsion, braking and raycast tuning are dropped"},
	{CodeVehicleDropped, Warning, secURDF, Qs(QVehicle), false, "the target has no vehicles, wheels, thrusters, seats or spawn points (URDF, MJCF; spawn points in Godot): the part is dropped"},
	{CodeMassKeptExplicit, Info, secURDF, Qs(QData), false, "a body's computed mass properties are written explicitly instead of being left to the target's readers, which would compute others from what is written: a collider shape was approximated, mesh vertices are rounded to float32 (glTF), or the source's own rules (MJCF per-geom mass, --density) differ from uniform density"},
	{CodeShapeDropped, Warning, secURDF, Qs(QShape, QMass, QCenterOfMass, QInertia), false, "a shape the target cannot take (ellipsoid, heightfield, ray, unloaded mesh, unknown KHR type or Godot shape class); its colliders are dropped (all readers and emitters)"},
	{CodeTransmissionKept, Warning, secURDF, Qs(QDrive, QData), true, "a transmission that is not simple (several joints, differential, wrist), or one on an unknown or fixed joint: kept for URDF output only, no actuator"},
	{CodeDriveGainsDropped, Warning, secURDF, Qs(QDrive), false, "a drive written as a URDF transmission: its stiffness, damping and targets have no URDF form"},
	{CodeLimitEmpty, Warning, secURDF, Qs(QLimit, QJointKind), false, "a revolute or prismatic joint with lower = upper (no range), or with no `<limit>` (which urdfdom refuses), is read as unlimited, as MuJoCo reads it; exporters write 0 0 for joints without limits, while Gazebo and Bullet would lock the joint"},
	{CodeLockDropped, Warning, secURDF, Qs(QLock), false, "a body's axis locks have no form in the target (URDF, OMI; KHR keeps rotation locks about principal axes, as infinite moments; MJCF only a free body's full rotation lock, as slide joints)"},
	{CodeLockAsInertia, Info, secGLTF, Qs(QLock, QInertia), false, "a rotation lock is written as infinite (zero) moments about the locked principal axes, KHR's form of it; the body's finite moments there are not kept"},
	{CodeDampingDropped, Warning, secURDF, Qs(QDamping), false, "a body's linear or angular damping has no form in the target (URDF, KHR, OMI, MJCF): said per body carrying damping of its own (with the scene's default it adds to), and once for a Godot scene's default damping (its project's, 0.1/s unless project.godot sets another) on the bodies that only take that"},
	{CodeIntegratorDropped, Warning, secURDF, Qs(QBodyKind), false, "a Godot body integrated by its script (custom_integrator) is written as an ordinary body"},
	{CodeCCDDropped, Warning, secURDF, Qs(QData), false, "a body's continuous collision detection (Godot's continuous_cd) has no form in the target (KHR, OMI, MJCF, URDF): a fast body may pass through thin objects"},
	{CodeXacroWarning, Warning, secURDF, Qs(QData), false, "xacro reported a problem it does not stop for (as ROS xacro warns)"},
	{CodeGLTFZeroScale, Warning, secGLTF, Qs(QShape, QMass), false, "a node's scale is 0 0 0, which hides it and (KHR) disables its shapes; read at scale 1, as the glTF library reads an all-zero scale"},
	{CodeBulletInertiaScaling, Warning, secURDF, Qs(QInertia), false, "Bullet's <contact><inertia_scaling> multiplies the inertia Bullet computes from the collision shapes (its default); the link's <inertial> is read as written, as ROS tools and MuJoCo read it"},
	{CodeXacroLiteral, Info, secURDF, Qs(QData), false, "a robot with ${…} or $(…) text but no xacro namespace or tag, which xacro cannot expand, is read as plain URDF (as urdfdom and MuJoCo read it), its substitutions left as written"},

	// MJCF
	{CodeLegacyAttribute, Info, secMJCF, Qs(QData), false, "MuJoCo 1.x syntax that changes nothing"},
	{CodeGlobalCoordinates, Info, secMJCF, Qs(QData), false, "a model in MuJoCo 1.x global coordinates (`coordinate=\"global\"`, which MuJoCo 3 refuses) is read by converting every body, geom, site, joint, inertial, camera and light to local coordinates, as MuJoCo 2.3.3's compiler did; MJCF output is in local coordinates"},
	{CodeDefaultClassRenamed, Info, secMJCF, Qs(QData), false, "a top-level `<default>` with a class name other than `main` is read as MuJoCo 2 read it: the class of every element without one, also under its own name (MuJoCo 3 refuses the rename); MJCF output writes the values it gives"},
	{CodeFieldDropped, Warning, secMJCF, Qs(QData), true, "an attribute, element or value not applied (all formats use it for values with no place in the target)"},
	{CodeInertialIgnored, Info, secMJCF, Qs(QMass, QCenterOfMass, QInertia), false, "`<inertial>` ignored because `inertiafromgeom=\"true\"`"},
	{CodeMassBounded, Info, secMJCF, Qs(QMass, QInertia), false, "mass raised to `boundmass`"},
	{CodeInertiaBalanced, Warning, secMJCF, Qs(QInertia), false, "`balanceinertia` evened out an impossible inertia"},
	{CodeMassScaled, Info, secMJCF, Qs(QMass, QInertia), false, "masses scaled for `settotalmass`"},
	{CodeMassFromGeoms, Info, secMJCF, Qs(QMass, QCenterOfMass, QInertia), false, "masses from per-geom mass/density (MuJoCo's rules) kept as given"},
	{CodeMassApproximated, Warning, secMJCF, Qs(QInertia), false, "shell box/ellipsoid uses solid inertia"},
	{CodeGravityCompensation, Info, secMJCF, Qs(QGravity), false, "`gravcomp` became a gravity factor"},
	{CodeCollisionFilterApproximated, Info, secMJCF, Qs(QFilter), true, "collision systems beyond the 30 bits of MJCF `contype`/`conaffinity` share the last bit (a warning); Godot layers likewise"},
	{CodeJointStackSplit, Info, secMJCF, Qs(QStructure), false, "several joints in one body that cannot form one joint (anchors apart, oblique axes, two about one axis, a slide after a hinge that turns it) chained through massless links"},
	{CodeJointRefRebased, Info, secMJCF, Qs(QLimit, QJointParam), false, "joint `ref` (the joint position of the pose in the file): the joint is measured from that pose, range and springref shift by −ref; MJCF output writes `ref` back"},
	{CodeFixedJointImplicit, Info, secMJCF, Qs(QJointKind, QName, QStructure), false, "a fixed joint is written as a child body without joints (MJCF's weld); its name and frame are not kept"},
	{CodeFreeJointImplicit, Info, secMJCF, Qs(QJointKind, QStructure), false, "a joint that restrains nothing, to the world, is written as the body's `<freejoint>`, which reads back as a free body without a joint"},
	{CodeJointParameterMerged, Warning, secMJCF, Qs(QJointParam), false, "merged joints had different damping/armature/frictionloss"},
	{CodeConstraintKept, Warning, secMJCF, Qs(QData), false, "kept for MJCF output only"},
	{CodeContactPairKept, Warning, secMJCF, Qs(QData), false, "kept for MJCF output only: an explicit contact `<pair>`, which other formats lose, or an `<exclude>` collision filters cannot express (its bodies' geoms have `contype`/`conaffinity` masks, whose collide-with list decides, and no joint keeps the bodies apart), whose colliders other formats let touch"},
	{CodeGeomContactKept, Warning, secMJCF, Qs(QMaterial), false, "a geom's contact softness and reach (`solref`, `solimp`, `solmix`, `margin`, `gap`, `priority`, `condim` 1 or 2) have no Graph form: kept for MJCF output only"},
	{CodeMjcfSectionKept, Info, secMJCF, Qs(QData), false, "kept for MJCF output only"},
	{CodeMeshFirstObject, Info, secMJCF, Qs(QShape), false, "an OBJ mesh file whose faces fall into several objects (o or g groups) is read as MuJoCo reads it: the faces of the first object give the mesh's volume and mass, every vertex the faces name its collision hull; MJCF output writes such a mesh from its triangles rather than the file"},
	{CodeFileBesideInclude, Warning, secMJCF, Qs(QShape), false, "a file named inside an included file (a mesh, height field, texture or nested include) whose path from the main file's folder leads out of the allowed folders is read beside the included file, where MuJoCo 3 looks when the first path has no file (MuJoCo 2 looks only there); `--allow-root` lets physconv look at the first path as MuJoCo does. Found beside the included file when the main file's folder has none, it is read there without a diagnostic"},
	{CodeMjcfWeldedExclude, Info, secMJCF, Qs(QFilter), false, "a joint keeps a body welded to the world apart from its child: MuJoCo does not filter such a pair's contacts (as it filters a moving parent's), so an `<exclude>` says it; MuJoCo's own URDF import lets them touch"},
	{CodeXMLAfterRootIgnored, Warning, secMJCF, Qs(QData), false, "content after a file's top-level element (a stray `</mujoco>`, a second element, NUL padding) is ignored, as MuJoCo's and urdfdom's XML parser (TinyXML2) passes over it; a strict XML reader refuses the file"},
	{CodeNonPhysicsDropped, Info, secMJCF, Qs(QData), false, "sites, cameras, lights not converted"},
	{CodeReplicateExpanded, Info, secMJCF, Qs(QStructure), false, "`<replicate>` expanded into copies"},
	{CodeAttachExpanded, Info, secMJCF, Qs(QStructure), false, "`<attach>` of another model (an `<asset><model>`) expanded in place, as MuJoCo 3's compiler attaches it: the body and its subtree (or the whole world body), names prefixed, read with that model's defaults, assets and compiler settings; its tendons, equalities, actuators, sensors and contact pairs come along when everything they refer to is attached, its keyframes do not. MJCF output writes the attached elements in place (MuJoCo 2 has no `<attach>`)"},
	{CodeScaleBaked, Warning, secMJCF, Qs(QShape), false, "node scale folded into shape sizes"},
	{CodeGravityFactorDropped, Warning, secMJCF, Qs(QGravity), false, "gravity factor has no MJCF form"},
	{CodeMJCFMaterialDefault, Info, secMJCF, Qs(QMaterial), false, "a collider without a physics material gets glTF's default friction 0.6 written out (MuJoCo's own default, which its URDF import uses, is 1)"},
	{CodeJointLimitApproximated, Warning, secMJCF, Qs(QLimit, QJointKind), false, "a limit that does not map exactly (also Godot Generic6DOF)"},
	{CodeDriveAsActuator, Info, secMJCF, Qs(QDrive), false, "drives written as actuators, exactly or approximately"},
	{CodeDriveApproximated, Info, secMJCF, Qs(QDrive), false, "drives written as actuators, exactly or approximately"},
	{CodeFrictionApproximated, Info, secMJCF, Qs(QMaterial), false, "static and dynamic friction merged into one value"},
	{CodeLockAsSlides, Info, secMJCF, Qs(QLock, QJointKind, QStructure), false, "a free body whose rotation is locked is written as slide joints along its free world axes (exact); read back, the body moves on those joints instead of carrying locks"},
	{CodeFrictionCombineMaximum, Info, secMJCF, Qs(QMaterial), true, "MuJoCo combines two geoms' frictions by their maximum; the material's combine rule is not kept (a warning when the scene's colliders have different frictions, which then slide otherwise where they touch)"},
	{CodeRestitutionDropped, Warning, secMJCF, Qs(QMaterial), false, "MJCF has no restitution coefficient"},
	{CodeCollisionBits, Info, secMJCF, Qs(QName), false, "table of collision systems (or, where a bit per system would widen one-sided filters, of filters) → contype/conaffinity bits"},
	{CodeDrakeFriction, Info, secURDF, Qs(QMaterial), false, "a collision's `<drake:proximity_properties>` friction (`mu_static`, `mu_dynamic`) is read as its material; Drake combines two frictions as 2ab/(a+b), which no target has, and its contact-model properties are not read (`field-dropped`)"},
	{CodeDrakeReflectedInertia, Info, secURDF, Qs(QJointParam), false, "a simple transmission's `<drake:rotor_inertia>` × `<drake:gear_ratio>`² (Drake's reflected inertia) is read as the joint's armature; URDF output writes an armature so on the transmission it writes for an actuated joint"},
	{CodeCollisionFilterWidened, Warning, secMJCF, Qs(QFilter), false, "two filters whose colliders do not collide in the source do in the target (MuJoCo and Godot pair objects when either side accepts the other), or the other way round"},
	{CodeCouplingDropped, Warning, secMJCF, Qs(QCoupling), false, "loops or couplings with no MJCF form"},
	{CodeMjcfSectionDropped, Warning, secMJCF, Qs(QData), true, "kept sections that cannot be written as they were"},
	{CodeOptionDropped, Info, secMJCF, Qs(QData, QGravity), false, "kept sections that cannot be written as they were"},
	{CodeOptionApproximated, Warning, secMJCF, Qs(QData), false, "kept sections that cannot be written as they were"},
	{CodeTendonApproximated, Warning, secMJCF, Qs(QCoupling, QData), false, "kept sections that cannot be written as they were"},
	{CodeActuatorKept, Warning, secMJCF, Qs(QDrive), false, "an MJCF actuator that pushes at zero control (a position or velocity servo, a damper, an actuator with a bias) has no Graph form (a transmission other than one joint, a gear, a group …): kept for MJCF output only, so other formats move its joint freely"},
	{CodeActuatorDefaultGains, Info, secMJCF, Qs(QDrive), true, "an actuator added for a transmission or `--actuators` gets the documented default gains (URDF has none); once for the whole model, a warning that servos a source's transmissions ask for hold their joints at zero control"},
	{CodeActuatorsDropped, Info, secMJCF, Qs(QDrive), false, "`--actuators none`: the actuators are not written"},

	// Godot
	{CodeGodotProcessOff, Warning, secGodot, Qs(QBodyKind, QShape), false, "a Godot 4 body or area whose `process_mode` is Disabled (its own or inherited) is out of the physics (`disable_mode` Remove: read as static, without colliders) or made static (Make Static), as Godot does"},
	{CodeGodotTextRunOn, Warning, secGodot, Qs(QData), false, "a line without `=` (a `# note`: only `;` starts a comment) runs on into the next property's name, as Godot reads it: the value goes to a property no object has, and is ignored, as Godot ignores it"},
	{CodeGodotStartsAsleep, Warning, secGodot, Qs(QVelocity), false, "a Godot 3 rigid body that starts asleep (`sleeping = true`) stays where it is until touched; no other format, nor Godot 4, starts a body asleep (Godot 3 output keeps it)"},
	{CodeGodotNodeVanished, Warning, secGodot, Qs(QStructure), false, "a node whose parent path names no node of the scene, or an override of a node the instanced scene does not have, is skipped with everything under it, as Godot skips it when it loads the scene"},
	{CodeGodotProjectGravity, Warning, secGodot, Qs(QGravity), false, "the Godot project a scene is written into sets a default gravity other than Godot's 9.8 m/s² down, by which its bodies fall; the gravity scales written are relative to Godot's default"},
	{CodeGodotInstanceUnread, Warning, secGodot, Qs(QStructure), false, "an instanced scene that does not exist (Godot refuses the scene), or one not read (a binary .scn, an unreadable file) when the output is not a Godot scene that keeps the reference: the physics inside it is missing"},
	{CodeGodotInstanceOpaque, Info, secGodot, Qs(QStructure), false, "instanced .scn (or unreadable) scene kept as a reference; nodes the scene parents into it get stand-ins at the identity"},
	{CodeShapeFlatRead, Info, secGodot, Qs(QShape), false, "a box with one side of zero length, which Godot takes (a floor), read as its rectangle: a flat triangle mesh colliding on both faces (MJCF and URDF output thicken it, see `mesh-thickened`); a box with no area is dropped (`shape-dropped`)"},
	{CodeGodotTransformSkew, Warning, secGodot, Qs(QPose, QShape), false, "sheared basis approximated by rotation and scale"},
	{CodeGodotTransformDegenerate, Warning, secGodot, Qs(QPose), false, "zero-scale basis; identity used"},
	{CodeGodotResourceDropped, Info, secGodot, Qs(QData), false, "properties referencing resources (streams, textures) are not carried over"},
	{CodeGodotResourceMissing, Warning, secGodot, Qs(QShape, QMaterial), false, "a `.tres` cannot be read"},
	{CodeGodotScriptDropped, Info, secGodot, Qs(QData), false, "a node's script is not carried over"},
	{CodeGodotScriptDefaults, Info, secGodot, Qs(QVehicle), false, "seat limits taken from the omi-godot seat script's defaults"},
	{CodeGodotPhysicalBone, Warning, secGodot, Qs(QBodyKind, QJointKind), false, "PhysicalBone3D read as a rigid body; its bone joint is dropped"},
	{CodeGodotUnsupportedNode, Warning, secGodot, Qs(QShape, QStructure), false, "2D physics (RigidBody2D, StaticBody2D, Area2D …) not converted; SoftBody3D, CollisionPolygon3D and CSG collision kept only by Godot output of the same Godot version"},
	{CodeGodotGridMapRead, Info, secGodot, Qs(QVisual, QStructure), false, "a GridMap is read as one static body with its cells' collision shapes (from the mesh library, placed by each cell's position and orientation); the cells' meshes are not converted"},
	{CodeGodot3KinematicMaterial, Warning, secGodot, Qs(QMaterial), false, "a Godot 3 KinematicBody has no physics material: it touches others with its engine's friction (Bullet's 0.5) and no bounce"},
	{CodeGodot3BodiesLifted, Info, secGodot, Qs(QStructure), false, "Godot 3 output writes bodies nested deeper than 8 levels under the scene root, with the same world pose (Godot 3 has no scene-unique names; full parent paths would make the file quadratic in the depth)"},
	{CodeGodot3NodesLifted, Info, secGodot, Qs(QStructure), false, "Godot 3 output writes other nodes nested deeper than 8 levels directly under the body they move with (the scene root outside every body), with the same world pose, for the same reason"},
	{CodeGodotGridMapEmpty, Info, secGodot, Qs(QShape), false, "a GridMap without a mesh library has no collision"},
	{CodeGodot3ComOrigin, Info, secGodot, Qs(QCenterOfMass), false, "Godot 3 puts a rigid body's centre of mass at its origin, not at the shapes' centroid; read so"},
	{CodeGodotMassDefault, Info, secGodot, Qs(QMass), false, "no mass given: Godot's class default applies"},
	{CodeGodotScaleRounded, Info, secGodot, Qs(QFrame, QShape, QCenterOfMass), false, "a body whose scale is uniform but for single-precision rounding (axes within 2e-7 of each other) and whose principal axes of inertia are not its own is written with a uniform scale, so that its frame can turn onto them (Godot stores moments along the body's axes only) rather than lose the products of inertia; what it holds moves by that rounding"},
	{CodeGodotInertiaPartial, Info, secGodot, Qs(QInertia), false, "inertia with zero components, read as Godot 4 reads it: the tensor is computed (as for `godot-engine-inertia`) and the non-zero moments replace its diagonal entries in the body's axes (Jolt also zeroes the products of each axis given)"},
	{CodeGodotPropertyKept, Info, secGodot, Qs(QDamping, QLock, QData), false, "constant forces and velocities kept for Godot output only"},
	{CodeGodotConstantForce, Warning, secGodot, Qs(QData), false, "a moving body's `constant_force` or `constant_torque` pushes it all along in Godot 4: Godot 4 output keeps it; no other format, nor Godot 3, has one, and the body moves there as if it had none"},
	{CodeGodotShapeOrphan, Warning, secGodot, Qs(QShape), false, "CollisionShape3D not a direct child of a body or area"},
	{CodeGodotShapeDisabled, Warning, secGodot, Qs(QShape), false, "disabled shape dropped"},
	{CodeGodotShapeMissing, Warning, secGodot, Qs(QShape), false, "CollisionShape3D without a shape"},
	{CodeGodotShapeMoved, Info, secGodot, Qs(QPose, QStructure), false, "collider moved to a direct child of its body, where Godot looks for shapes"},
	{CodeGodotMaterialRough, Info, secGodot, Qs(QMaterial), false, "rough → friction combine \"maximum\"; absorbent → restitution combine \"minimum\""},
	{CodeGodotMaterialAbsorbent, Info, secGodot, Qs(QMaterial), false, "rough → friction combine \"maximum\"; absorbent → restitution combine \"minimum\""},
	{CodeGodotJointUnconnected, Warning, secGodot, Qs(QJointKind, QStructure), true, "joint without bodies, with a non-body target, or into an unexpanded instance; an end whose node path names no node is read as Godot reads it, as no body"},
	{CodeGodotLimitInverted, Warning, secGodot, Qs(QLimit), false, "hinge lower limit above upper; read as free"},
	{CodeGodotMotorImpulse, Info, secGodot, Qs(QDrive), false, "hinge `max_impulse`, an impulse per physics step, read as a maximum torque of max_impulse × steps per second (Jolt Physics' torque; GodotPhysics3D applies it at each solver iteration)"},
	{CodeGodotMotorDamping, Info, secGodot, Qs(QDrive), false, "a motor, which Godot solves as a velocity constraint each physics step, is read as a velocity drive whose damping is the joint's effective inertia (or mass) times the physics rate: the force that reaches the target velocity in one step"},
	{CodeGodotWheelDefault, Info, secGodot, Qs(QVehicle), false, "wheel steering angle, propulsion force or width assumed"},
	{CodeGodotInertiaBaked, Info, secGodot, Qs(QInertia, QFrame, QPose), false, "inertia orientation baked into the body's frame (Godot has none)"},
	{CodeGodotWeldStatic, Info, secGodot, Qs(QBodyKind, QJointKind, QMass, QCenterOfMass, QInertia), false, "a body a rigid fixed joint holds to the world (an MJCF body without joints, a URDF link fixed to the world) is written as a StaticBody3D: Godot's joints are soft, a static body is held exactly; its mass no longer matters"},
	{CodeGodotWeldFused, Info, secGodot, Qs(QBodyKind, QJointKind, QMass, QCenterOfMass, QInertia, QShape), false, "two moving bodies a rigid fixed joint holds together (an MJCF body nested without joints, a URDF fixed link) are written as one body, as MuJoCo compiles them: the shapes join, mass properties are summed; Godot's joints are soft"},
	{CodeGodotInertiaAxes, Warning, secGodot, Qs(QInertia), false, "a vehicle body's, or a non-uniformly scaled body's, principal axes of inertia are not its own axes: Godot stores moments along the body's axes only and a VehicleBody3D cannot turn its frame (its forward direction), nor can a non-uniformly scaled frame turn without shearing, so the products of inertia are dropped"},
	{CodeGodotPropsDropped, Info, secGodot, Qs(QDamping, QLock, QData), false, "kept properties do not apply to the target class or version"},
	{CodeGodotComDropped, Warning, secGodot, Qs(QCenterOfMass), false, "centre of mass / inertia not written (Godot 3 has none; or infinite moments)"},
	{CodeGodotInertiaDropped, Warning, secGodot, Qs(QInertia), false, "centre of mass / inertia not written (Godot 3 has none; or infinite moments)"},
	{CodeGodotBodyScaled, Warning, secGodot, Qs(QShape, QPose), false, "scaled body written as is"},
	{CodeGodotFilterMerged, Warning, secGodot, Qs(QFilter), false, "Godot has one filter and one material per body: the first is used"},
	{CodeGodotMaterialMerged, Warning, secGodot, Qs(QMaterial), false, "Godot has one filter and one material per body: the first is used"},
	{CodeGodotFrictionStaticDropped, Info, secGodot, Qs(QMaterial), false, "Godot has one friction: dynamic friction used"},
	{CodeGodotInertiaAsLocks, Info, secGodot, Qs(QInertia, QLock), false, "a body that cannot rotate (all angular axes locked, or infinite moments: KHR's rotation lock) is written with angular axis locks and no inertia; read back, it has the locks and the moments Godot computes, which then have no effect. Infinite moments about some world axes are written as locks of those axes and moments a million times the free ones (Godot's contact solver uses a locked axis's moment)"},
	{CodeGodotCombineDefault, Info, secGodot, Qs(QMaterial), true, "friction/restitution combine mode not given: Godot's own rule applies (friction: minimum; restitution: sum); a warning for friction when the scene's colliders have different frictions (glTF's rule, the average, then gives others where they touch)"},
	{CodeGodotCombineApproximated, Warning, secGodot, Qs(QMaterial), true, "friction/restitution combine mode with no Godot equivalent"},
	{CodeGodotLayersExhausted, Warning, secGodot, Qs(QFilter), false, "more than 32 collision systems"},
	{CodeGodotLayerAssigned, Info, secGodot, Qs(QName), false, "table of collision systems (or, where system layers would change pairs, of filters) → layers"},
	{CodeGodotJointRebased, Info, secGodot, Qs(QFrame), false, "joint frame rotated so the hinge axis is Z / slider axis is X (world poses unchanged)"},
	{CodeGodotMotorInert, Warning, secGodot, Qs(QDrive), false, "a Generic6DOFJoint3D motor that GodotPhysics3D (Godot 4's default engine) does not run: a linear motor, or an angular motor on an axis whose limit is off. Read under GodotPhysics3D, not a drive (a project on Jolt Physics, which runs both, keeps it); written to Godot 4, said"},
	{CodeGodotJointAnchored, Info, secGodot, Qs(QStructure), false, "a joint between the world and a body gets a StaticBody3D of its own, without shapes, as its world side: Godot's engines take a joint of one body differently (GodotPhysics3D the body as A, Jolt Physics as B), so its coordinates would change sign with the engine"},
	{CodeGodotWheelOrphan, Warning, secGodot, Qs(QVehicle), false, "wheel not a direct child of a vehicle body"},
	{CodeGodotWheelMaterialDropped, Info, secGodot, Qs(QVehicle, QMaterial), false, "a wheel has one friction (friction slip): the material's static friction and restitution are dropped"},
	{CodeGodotThrusterInert, Warning, secGodot, Qs(QVehicle), false, "a thruster or hover thruster is written as `metadata/omi_*` on a node: Godot applies its force only with the omi-godot thruster scripts"},
	{CodeGodotEngineInertia, Info, secGodot, Qs(QInertia, QCenterOfMass), false, "a body without custom inertia is read with the inertia and centre of mass its project's physics engine computes: GodotPhysics3D (the default) gives capsules, cylinders and convex shapes the inertia of their bounding box and puts each shape's mass at its origin; Jolt is exact. A body without a shape of volume (no shape, rays only) gets 1 kg·m² about each axis from GodotPhysics3D (whatever its mass) and its mass in kg·m² from Jolt; Godot 3's Bullet gives it no inertia at all, so it never rotates: read with its rotation locked"},
	{CodeGodotMaterialDefault, Info, secGodot, Qs(QMaterial), false, "glTF's default material written out explicitly (Godot's own default friction is 1; Godot 3 with Bullet: 0.5)"},
	{CodeGodotConvexPoints, Info, secGodot, Qs(QShape), false, "convex mesh written as points (Godot keeps no faces); mass properties unchanged"},
	{CodeGodotVelocityDropped, Warning, secGodot, Qs(QVelocity), false, "initial velocity of a kinematic or static body dropped (AnimatableBody3D has none)"},
	{CodeGodotKinematicMassDropped, Info, secGodot, Qs(QMass, QCenterOfMass, QInertia), false, "mass, centre of mass and inertia of a kinematic body not written (AnimatableBody3D / Godot 3 KinematicBody have none; it moves as if infinitely heavy)"},
	{CodeGodotCouplingMetadata, Warning, secGodot, Qs(QCoupling), false, "Godot has no gear joint: a joint coupling (URDF mimic, MJCF equality joint) is kept as `metadata/physconv_coupling` on the follower joint (leader path, multiplier, offset) for a runtime script, and read back from there; the engine does not apply it"},
	{CodeGodotResourceUnreadable, Warning, secGodot, Qs(QShape, QMaterial), false, "a resource that is not a text `.tres` (a binary `.res`, say) stands where a shape or material is wanted; what it defines is dropped (Godot output names a body's physics material so again)"},
	{CodeGodotMotorUnlimited, Info, secGodot, Qs(QDrive), false, "an unlimited hinge motor is written with `max_impulse` 1e30, read back as unlimited"},
	{CodeGodotMotorGainsDropped, Warning, secGodot, Qs(QDrive), false, "a hinge drive becomes a HingeJoint3D motor (target velocity, max impulse: the force limit over 60 steps per second): its stiffness, position target, acceleration mode and a damping other than a motor's own (the joint's effective inertia × 60 per second) are dropped"},
	{CodeGodotDriveApproximated, Warning, secGodot, Qs(QDrive), false, "a Generic6DOFJoint3D drive becomes a spring (position target or stiffness: stiffness, damping, equilibrium) or else a motor (target velocity, force limit; an unlimited one written as 1e30 and read back as unlimited); what the chosen form cannot hold (acceleration mode, a spring's target velocity or force limit, a motor's damping other than its own: the joint's effective inertia or mass × 60 per second) is dropped. Springs on one axis without force limits (a joint's stiffness and a position actuator) are written as their sum, which pulls the same at every position and speed; a further spring or motor on an axis is dropped"},

	// Batch
	{CodeInputMalformed, Error, secBatch, Qs(QData), false, "the input is malformed (the message names the file and place)"},
	{CodeInputUnsupported, Error, secBatch, Qs(QData), false, "valid input physconv cannot convert"},
	{CodeConversionFailed, Error, secBatch, Qs(QData), false, "any other failure of one input"},
	{CodeStrictWarnings, Error, secBatch, Qs(QData), false, "warnings under `--strict`/`strict: true`; nothing written"},
	{CodeDiagnosticIsError, Error, secBatch, Qs(QData), false, "a diagnostic raised to an error by the config's diagnostic levels"},
	{CodeOutputCollision, Error, secBatch, Qs(QData), false, "two inputs would write the same output path"},
	{CodeTargetMissing, Error, secBatch, Qs(QData), false, "no target format for this input, or one physconv cannot write"},
	{CodeTargetUnknown, Error, secBatch, Qs(QData), false, "no target format for this input, or one physconv cannot write"},
	{CodeWriteFailed, Error, secBatch, Qs(QData), false, "the output could not be written"},
	{CodeBatchCanceled, Info, secBatch, Qs(QData), false, "not converted: the run stopped first (interrupt or `--fail-fast`); nothing written"},
	{CodeSideFileOutsideSource, Warning, secBatch, Qs(QData), false, "a side file lies outside SRC and is referenced, not copied"},
	{CodeInputLinkOutside, Warning, secBatch, Qs(QData), false, "the input is a symbolic link to a file outside SRC: skipped, nothing read"},
	{CodeInputNotRecognised, Info, secBatch, Qs(QData), false, "a file with a generic extension (`.xml`) whose content no format recognises (a ROS `package.xml`, say): skipped; `--from` converts it anyway"},

	// Side files
	{CodePackageAsFolder, Info, secSide, Qs(QData), false, "`package://NAME/…` with no ROS package NAME found resolves against the folder NAME beside the input (PyBullet's convention); `package:///FILE`, which names no package (onshape-to-robot's meshes), is the file beside the input, as MuJoCo reads it"},
	{CodeRelativeFoundAbove, Warning, secSide, Qs(QData), false, "a URDF's relative mesh path not found beside it was found relative to a folder above it, as loaders that read paths against an asset root (Isaac Gym) find it"},
	{CodePackageGuessed, Info, secSide, Qs(QData), false, "a ROS package guessed: found by a path-suffix search upward, as a last resort, or named by the first folder of a `package:///…` reference that names none"},
}
