package omi

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testreport"
)

// TestBadInputs: each malformed OMI file in testdata/gltf/bad is an error
// naming the JSON path of the fault.
func TestBadInputs(t *testing.T) {
	const (
		body  = "nodes[0].extensions.OMI_physics_body"
		shape = "extensions.OMI_physics_shape.shapes[0]"
		joint = "nodes[1].extensions.OMI_physics_joint"
		limit = "extensions.OMI_physics_joint.physicsJoints[0]"
	)
	cases := map[string]string{
		"omi_shape_index_out_of_range":       body + ".collider.shape",
		"omi_negative_box_size":              shape + ".box.size[0]",
		"omi_negative_radius":                shape + ".sphere.radius",
		"omi_capsule_zero_height":            shape + ".capsule.height",
		"omi_shape_type_unknown":             shape + ".type",
		"omi_convex_without_mesh":            shape + ".convex.mesh",
		"omi_shapes_missing":                 "extensions.OMI_physics_shape.shapes",
		"omi_motion_type_unknown":            body + ".motion.type",
		"omi_mass_wrong_type":                body + ".motion.mass",
		"omi_mass_negative":                  body + ".motion.mass",
		"omi_inertia_wrong_length":           body + ".motion.inertiaDiagonal",
		"omi_body_not_object":                body,
		"omi_trigger_node_out_of_range":      body + ".trigger.nodes[0]",
		"omi_filter_both_lists":              "extensions.OMI_physics_body.collisionFilters[0]",
		"omi_combine_unknown":                "extensions.OMI_physics_body.physicsMaterials[0].frictionCombine",
		"omi_joint_to_non_body":              joint + ".connectedNode",
		"omi_joint_same_body":                joint + ".connectedNode",
		"omi_joint_index_out_of_range":       joint + ".joint",
		"omi_joint_connected_missing":        joint + ".connectedNode",
		"omi_limit_axis_out_of_range":        limit + ".limits[0].linearAxes[0]",
		"omi_limit_min_greater_than_max":     limit + ".limits[0].min",
		"omi_drive_axis_out_of_range":        limit + ".drives[0].axis",
		"omi_stage1_nodeA_not_body":          "nodes[0].extensions.OMI_physics_joint.nodeA",
		"omi_stage1_constraint_out_of_range": "nodes[0].extensions.OMI_physics_joint.constraints[0]",
		"omi_typed_tensor_not_positive":      body + ".inertiaTensor",
		"omi_wheel_radius_zero":              "extensions.OMI_vehicle_wheel.wheels[0].radius",
		"omi_wheel_reference_missing":        "nodes[1].extensions.OMI_vehicle_wheel.wheel",
		"omi_thruster_without_max_force":     "extensions.OMI_vehicle_thruster.thrusters[0].maxForce",
		"omi_pilot_seat_out_of_range":        "nodes[0].extensions.OMI_vehicle_body.pilotSeat",
		"omi_seat_missing_knee":              "nodes[0].extensions.OMI_seat.knee",
		"omi_missing_buffer":                 "buffers[0].uri",
	}
	for name, want := range cases {
		t.Run(name, func(t *testing.T) {
			file := filepath.Join("..", "testdata", "gltf", "bad", name+".gltf")
			g, _, err := parseFile(t, file)
			fe := testreport.Refused(t, g, err)
			t.Log(fe)
			if fe.Path != want {
				t.Errorf("error %q at path %q, want %q", fe.Msg, fe.Path, want)
			}
			testreport.ConversionRefused(t, convert.NewRegistry(Format), file, "out.gltf", &convert.Options{From: "omi"})
			if name == "omi_missing_buffer" && !strings.Contains(fe.Msg, `"omi_missing_buffer.bin" is missing`) {
				t.Errorf("message %q does not name the missing file", fe.Msg)
			}
		})
	}
}
